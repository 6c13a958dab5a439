package io.ncclscope.sdk.rules;

import static io.ncclscope.sdk.rules.Category.BANDWIDTH;
import static io.ncclscope.sdk.rules.Category.ERROR;
import static io.ncclscope.sdk.rules.Category.TOPOLOGY;
import static io.ncclscope.sdk.rules.Category.TRANSPORT;
import static io.ncclscope.sdk.rules.FindingSeverity.CRITICAL;
import static io.ncclscope.sdk.rules.FindingSeverity.INFO;
import static io.ncclscope.sdk.rules.FindingSeverity.WARNING;
import static io.ncclscope.sdk.rules.Segment.END_TO_END;
import static io.ncclscope.sdk.rules.Segment.INTER_NODE;
import static io.ncclscope.sdk.rules.Segment.INTRA_NODE;
import static io.ncclscope.sdk.rules.Segment.NONE;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The rule catalogue: every finding code ncclscope can report, with its category, default
 * severity, bandwidth segment and sources, and its user-facing text in English and Simplified
 * Chinese.
 *
 * <p>The causes and actions are drawn first from the seed troubleshooting method (its error
 * checklists, the three bandwidth segments and the five steps), then from the NCCL documentation and
 * sources. Causes are ordered most likely first, actions cheapest first.
 *
 * <p>Texts live in the resource bundles {@value #BUNDLE_BASE_NAME} ({@code Rules.properties},
 * English, the default; {@code Rules_zh_CN.properties}, Simplified Chinese), UTF-8, with the keys
 * {@code CODE.title}, {@code CODE.meaning}, {@code CODE.cause.1..n}, {@code CODE.action.1..n} and
 * {@code CODE.action.N.command}. The language is chosen from the requested locale alone, never from
 * the JVM default locale: English on a Chinese machine stays English.
 *
 * <p>This class is immutable and thread-safe; it has only static members.
 */
public final class RuleCatalog {

    /** The base name of the resource bundles holding the texts. */
    public static final String BUNDLE_BASE_NAME = "io.ncclscope.sdk.rules.Rules";

    private static final String SEED = "seed 000_01cf103c809e0dbb § ";
    private static final String SEED_CONNECT = SEED + "NCCL WARN Connect to ... failed / Connection timed out";
    private static final String SEED_SYSTEM = SEED + "unhandled system error / NCCL System Error";
    private static final String SEED_DUPLICATE = SEED + "NCCL WARN Duplicate GPU detected / rank 映射混乱";
    private static final String SEED_SLOW = SEED + "训练不报错但明显慢：疑似“走错拓扑”或“带宽被打爆”";
    private static final String SEED_PATHS = SEED + "先看清你的硬件通信路径";
    private static final String SEED_IFACE = SEED + "NCCL 如何选择网络接口与 HCA（IB/RoCE）";
    private static final String SEED_RING_TREE = SEED + "拓扑策略：Ring/Tree 与分层通信（hierarchical）";
    private static final String SEED_THREE = SEED + "带宽瓶颈定位：把“慢”拆成可测量的三段";
    private static final String SEED_SEG1 = SEED + "第 1 段：机内 GPU 通信是否拖后腿";
    private static final String SEED_SEG2 = SEED + "第 2 段：机间链路带宽与丢包（IB / RoCE / TCP）";
    private static final String SEED_SEG2_IB = SEED + "2.1 InfiniBand（IB）常用检查";
    private static final String SEED_SEG2_ROCE = SEED + "2.2 RoCEv2（以太网 RDMA）重点看“无损与拥塞控制”";
    private static final String SEED_SEG2_TCP = SEED + "2.3 TCP 场景的现实建议";
    private static final String SEED_SEG3 = SEED + "第 3 段：用 NCCL Tests 做端到端“证据链”";
    private static final String SEED_STEP1 = SEED + "步骤 1：收集最小必要信息（不要一上来就改配置）";
    private static final String SEED_STEP2 = SEED + "步骤 2：先做连通性与接口选择验证";
    private static final String SEED_STEP3 = SEED + "步骤 3：用“开关法”缩小到 IB/RoCE/TCP 其中一层";
    private static final String SEED_STEP4 = SEED + "步骤 4：把问题节点“点名”出来";
    private static final String SEED_STEP5 = SEED + "步骤 5：形成可交付的结论与修复建议";
    private static final String SEED_STORAGE = SEED + "存储流量把训练网打满（最常见的隐形杀手）";
    private static final String SEED_NUMA = SEED + "错误的 CPU/NUMA 亲和导致 GPU↔NIC 远程访问";
    private static final String SEED_OVERSUB = SEED + "交换机 oversubscription：节点越多越慢";

    private static final String NCCL_DOCS = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/";
    private static final String TROUBLESHOOTING = NCCL_DOCS + "troubleshooting.html";
    private static final String ENV = NCCL_DOCS + "env.html";
    private static final String NCCL_API_TYPES = NCCL_DOCS + "api/types.html";
    private static final String NCCL_TESTS_PERF = "https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md";
    private static final String NCCL_TESTS_COMMON = "https://github.com/NVIDIA/nccl-tests/blob/master/src/common.cu";
    private static final String NCCL_TESTS_README = "https://github.com/NVIDIA/nccl-tests/blob/master/README.md";
    private static final String PYTORCH_PG_NCCL =
            "https://github.com/pytorch/pytorch/blob/main/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp";
    private static final String XID = "https://docs.nvidia.com/deploy/xid-errors/index.html";
    private static final String GPUDIRECT_RDMA = "https://docs.nvidia.com/cuda/gpudirect-rdma/index.html";

    private static String env(String variable) {
        return ENV + "#" + variable.toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static final List<Rule> RULES = List.of(
            // Errors in logs.
            rule("NCCL_CONNECT_FAILED", ERROR, CRITICAL, NONE,
                    SEED_CONNECT, SEED_STEP2, TROUBLESHOOTING, env("NCCL_SOCKET_IFNAME"),
                    "src/misc/socket.cc", "src/bootstrap.cc"),
            rule("NCCL_REMOTE_ERROR", ERROR, CRITICAL, NONE,
                    SEED_CONNECT, SEED_STEP4, NCCL_API_TYPES, "src/transport/net_ib.cc", "src/misc/socket.cc"),
            rule("NCCL_SYSTEM_ERROR", ERROR, CRITICAL, NONE,
                    SEED_SYSTEM, TROUBLESHOOTING, NCCL_API_TYPES, "src/misc/ibvwrap.cc", "src/misc/shmutils.cc"),
            rule("NCCL_INTERNAL_ERROR", ERROR, CRITICAL, NONE,
                    SEED_SYSTEM, TROUBLESHOOTING, NCCL_API_TYPES, "src/init.cc", "src/bootstrap.cc"),
            rule("NCCL_INVALID_USAGE", ERROR, CRITICAL, NONE,
                    SEED_DUPLICATE, TROUBLESHOOTING, NCCL_API_TYPES, "src/init.cc", "src/misc/argcheck.cc"),
            rule("NCCL_DUPLICATE_GPU", ERROR, CRITICAL, NONE,
                    SEED_DUPLICATE, "src/init.cc"),
            rule("NCCL_NO_SOCKET_INTERFACE", ERROR, CRITICAL, NONE,
                    SEED_CONNECT, SEED_IFACE, env("NCCL_SOCKET_IFNAME"), "src/bootstrap.cc", "src/misc/socket.cc",
                    "src/transport/net_socket.cc"),
            rule("NCCL_NET_PLUGIN_MISSING", ERROR, WARNING, INTER_NODE,
                    SEED_IFACE, env("NCCL_NET_PLUGIN"), env("NCCL_NET"), "src/plugin/net.cc", "src/plugin/plugin_open.cc"),
            rule("IB_COMPLETION_ERROR", ERROR, CRITICAL, NONE,
                    SEED_SYSTEM, SEED_SEG2_IB, env("NCCL_IB_TIMEOUT"), env("NCCL_IB_GID_INDEX"),
                    "src/transport/net_ib.cc"),
            rule("IB_SETUP_FAILED", ERROR, FindingSeverity.ERROR, NONE,
                    SEED_SYSTEM, TROUBLESHOOTING, env("NCCL_IB_GID_INDEX"), env("NCCL_IB_ECE_ENABLE"),
                    "src/transport/net_ib.cc", "src/misc/ibvwrap.cc"),
            rule("NCCL_WATCHDOG_TIMEOUT", ERROR, CRITICAL, NONE,
                    SEED_CONNECT, SEED_STEP4, PYTORCH_PG_NCCL),
            rule("CUDA_ERROR", ERROR, CRITICAL, NONE,
                    SEED_SYSTEM, NCCL_API_TYPES, XID, "src/include/checks.h", "src/misc/cudawrap.cc"),
            rule("NCCL_VERSION_MISMATCH", ERROR, FindingSeverity.ERROR, NONE,
                    SEED_STEP1, "src/init.cc"),
            rule("RANK_MAPPING_INCONSISTENT", ERROR, FindingSeverity.ERROR, NONE,
                    SEED_DUPLICATE, SEED_STEP1, "src/init.cc", "src/bootstrap.cc"),
            rule("NCCL_OUT_OF_MEMORY", ERROR, CRITICAL, NONE,
                    SEED_SYSTEM, env("NCCL_BUFFSIZE"), env("NCCL_NVLS_ENABLE"), "src/include/checks.h",
                    "src/include/alloc.h"),
            rule("NCCL_TOPO_FILE_INVALID", ERROR, FindingSeverity.ERROR, NONE,
                    SEED_PATHS, env("NCCL_TOPO_FILE"), env("NCCL_TOPO_DUMP_FILE"), "src/graph/xml.cc",
                    "src/graph/topo.cc"),
            rule("NCCL_SHM_FAILED", ERROR, CRITICAL, NONE,
                    SEED_SYSTEM, TROUBLESHOOTING, env("NCCL_SHM_DISABLE"), "src/misc/shmutils.cc",
                    "src/transport/shm.cc"),
            rule("NCCL_ENV_INVALID", ERROR, WARNING, NONE,
                    SEED_STEP1, ENV, "src/misc/param.cc"),
            rule("NCCL_DEBUG_FILE_REDIRECTED", ERROR, INFO, NONE,
                    SEED_STEP1, env("NCCL_DEBUG_FILE"), "src/debug.cc"),
            // Transport choice.
            rule("NET_SOCKET_FALLBACK", TRANSPORT, FindingSeverity.ERROR, INTER_NODE,
                    SEED_SEG2_TCP, SEED_STEP3, env("NCCL_IB_DISABLE"), env("NCCL_NET"), "src/transport/net_ib.cc",
                    "src/transport/net_socket.cc", "src/plugin/net.cc"),
            rule("NET_IB_DISABLED_BY_ENV", TRANSPORT, WARNING, INTER_NODE,
                    SEED_SEG3, SEED_STEP3, env("NCCL_IB_DISABLE"), "src/transport/net_ib.cc"),
            rule("SOCKET_IFNAME_SUSPICIOUS", TRANSPORT, WARNING, INTER_NODE,
                    SEED_CONNECT, SEED_IFACE, SEED_STEP2, SEED_STORAGE, env("NCCL_SOCKET_IFNAME"),
                    "src/misc/socket.cc"),
            rule("GDR_NOT_USED", TRANSPORT, WARNING, INTER_NODE,
                    SEED_PATHS, TROUBLESHOOTING, env("NCCL_NET_GDR_LEVEL"), GPUDIRECT_RDMA, "src/transport/net.cc",
                    "src/graph/paths.cc"),
            rule("P2P_NOT_USED", TRANSPORT, WARNING, INTRA_NODE,
                    SEED_PATHS, SEED_SEG1, TROUBLESHOOTING, env("NCCL_P2P_DISABLE"), env("NCCL_P2P_LEVEL"),
                    "src/transport/p2p.cc", "src/graph/paths.cc"),
            // Topology and links.
            rule("GPU_NIC_AFFINITY_POOR", TOPOLOGY, WARNING, INTER_NODE,
                    SEED_PATHS, SEED_IFACE, SEED_NUMA, env("NCCL_IB_HCA"), "src/graph/topo.cc", "src/graph/paths.cc"),
            rule("NIC_CROSS_NUMA", TOPOLOGY, WARNING, INTER_NODE,
                    SEED_PATHS, SEED_NUMA, SEED_STEP4, "src/graph/topo.cc"),
            rule("PCIE_LINK_DEGRADED", TOPOLOGY, FindingSeverity.ERROR, INTRA_NODE,
                    SEED_SEG1, SEED_PATHS),
            rule("NVLINK_DEGRADED", TOPOLOGY, FindingSeverity.ERROR, INTRA_NODE,
                    SEED_SEG1, SEED_PATHS, "src/graph/topo.cc"),
            rule("IB_PORT_NOT_ACTIVE", TOPOLOGY, FindingSeverity.ERROR, INTER_NODE,
                    SEED_SEG2_IB, env("NCCL_IB_HCA"), "src/transport/net_ib.cc"),
            rule("IB_RATE_DEGRADED", TOPOLOGY, FindingSeverity.ERROR, INTER_NODE,
                    SEED_SEG2_IB, SEED_RING_TREE, SEED_STEP4),
            rule("ETH_LINK_DOWN", TOPOLOGY, FindingSeverity.ERROR, INTER_NODE,
                    SEED_SEG2, SEED_STEP4),
            rule("ETH_SPEED_DEGRADED", TOPOLOGY, FindingSeverity.ERROR, INTER_NODE,
                    SEED_SEG2, SEED_RING_TREE, SEED_STEP4),
            rule("MTU_MISMATCH", TOPOLOGY, FindingSeverity.ERROR, INTER_NODE,
                    SEED_CONNECT, SEED_SEG2_ROCE, SEED_STEP5),
            rule("NIC_ERROR_COUNTERS", TOPOLOGY, WARNING, INTER_NODE,
                    SEED_SEG2_IB, SEED_STEP4),
            rule("PFC_PAUSE_STORM", TOPOLOGY, WARNING, INTER_NODE,
                    SEED_SEG2_ROCE, SEED_STEP5, env("NCCL_IB_TC")),
            rule("ROCE_TRAFFIC_NOT_LOSSLESS", TOPOLOGY, WARNING, INTER_NODE,
                    SEED_SEG2_ROCE, SEED_STEP5, env("NCCL_IB_TC")),
            rule("TOPOLOGY_ASYMMETRIC", TOPOLOGY, WARNING, NONE,
                    SEED_PATHS, SEED_RING_TREE, SEED_STEP1, "src/graph/search.cc"),
            rule("GPU_XID", TOPOLOGY, FindingSeverity.ERROR, NONE,
                    SEED_SYSTEM, SEED_STEP4, XID),
            rule("COUNTERS_COMPARED", TOPOLOGY, INFO, INTER_NODE,
                    SEED_SEG2_IB, SEED_SEG2_ROCE, SEED_STEP4),
            // Bandwidth.
            rule("BUSBW_BELOW_EXPECTED", BANDWIDTH, WARNING, END_TO_END,
                    SEED_THREE, SEED_SEG1, SEED_SEG2, SEED_SEG3, NCCL_TESTS_PERF),
            rule("BW_CURVE_ANOMALY", BANDWIDTH, WARNING, END_TO_END,
                    SEED_SEG3, SEED_SEG2_ROCE, NCCL_TESTS_PERF, env("NCCL_ALGO"), env("NCCL_PROTO")),
            rule("RESULTS_WRONG", BANDWIDTH, CRITICAL, END_TO_END,
                    SEED_SEG3, NCCL_TESTS_README, NCCL_TESTS_COMMON, TROUBLESHOOTING),
            rule("SCALING_KNEE", BANDWIDTH, WARNING, END_TO_END,
                    SEED_SEG3, SEED_OVERSUB, SEED_RING_TREE, NCCL_TESTS_PERF),
            rule("AB_RDMA_SUSPECT", BANDWIDTH, WARNING, INTER_NODE,
                    SEED_STEP3, SEED_SEG3, env("NCCL_IB_DISABLE")),
            rule("AB_CONGESTION_SUSPECT", BANDWIDTH, WARNING, INTER_NODE,
                    SEED_STEP3, SEED_SEG2_ROCE, SEED_STORAGE),
            rule("SLOW_PAIR", BANDWIDTH, WARNING, INTER_NODE,
                    SEED_STEP4, SEED_SEG3, TROUBLESHOOTING),
            rule("SLOW_NODE", BANDWIDTH, FindingSeverity.ERROR, INTER_NODE,
                    SEED_STEP4, SEED_SEG3, SEED_NUMA),
            rule("SINGLE_RANK_RUN", BANDWIDTH, INFO, NONE,
                    SEED_SEG3, NCCL_TESTS_README),
            rule("NCCL_TESTS_FAILED", BANDWIDTH, FindingSeverity.ERROR, END_TO_END,
                    SEED_SEG3, NCCL_TESTS_COMMON, NCCL_TESTS_README));

    private static final Map<String, Rule> BY_CODE = index(RULES);

    private static final List<Locale> SUPPORTED = List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE);

    /** The English (false) and Chinese (true) texts, loaded once, each code's lines parsed when first asked for. */
    private static final Map<Boolean, LazyTexts> BUNDLES = new ConcurrentHashMap<>();

    private RuleCatalog() {
    }

    /**
     * Every rule, in catalogue order: errors, transport, topology and links, bandwidth.
     *
     * @return an unmodifiable list
     */
    public static List<Rule> all() {
        return RULES;
    }

    /**
     * The rule with this code.
     *
     * @param code a finding code, e.g. {@code NCCL_CONNECT_FAILED}
     * @return the rule, or empty when no rule has this code
     */
    public static Optional<Rule> find(String code) {
        return Optional.ofNullable(BY_CODE.get(Objects.requireNonNull(code, "code")));
    }

    /**
     * The text of a rule in the language of {@code locale}: Simplified Chinese for any Chinese
     * locale ({@code zh}, {@code zh-CN}, {@code zh-Hans}, ... ), English for every other one. The
     * JVM default locale is never consulted.
     *
     * @param code   a finding code
     * @param locale the reader's locale
     * @return the title, meaning, causes and actions
     * @throws IllegalArgumentException when no rule has this code
     * @throws MissingResourceException when the bundles lack a text of this rule (a packaging bug)
     */
    public static RuleText text(String code, Locale locale) {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(locale, "locale");
        if (!BY_CODE.containsKey(code)) {
            throw new IllegalArgumentException("unknown finding code: " + code);
        }
        LazyTexts bundle = bundle(locale);
        String title = required(bundle, code + ".title");
        String meaning = required(bundle, code + ".meaning");
        List<String> causes = new ArrayList<>();
        for (int i = 1; bundle.get(code + ".cause." + i) != null; i++) {
            causes.add(bundle.get(code + ".cause." + i));
        }
        List<Action> actions = new ArrayList<>();
        for (int i = 1; bundle.get(code + ".action." + i) != null; i++) {
            String prefix = code + ".action." + i;
            String command = bundle.get(prefix + ".command");
            actions.add(new Action(bundle.get(prefix), command == null ? "" : command));
        }
        if (causes.isEmpty() || actions.isEmpty()) {
            throw new MissingResourceException("no causes or actions for " + code, BUNDLE_BASE_NAME, code);
        }
        return new RuleText(title, meaning, causes, actions);
    }

    /**
     * The locales with texts of their own: English (the default) and Simplified Chinese
     * ({@code zh-CN}).
     *
     * @return an unmodifiable list, English first
     */
    public static List<Locale> supportedLocales() {
        return SUPPORTED;
    }

    /**
     * The supported locale whose texts {@link #text} returns for {@code locale}.
     *
     * @param locale the reader's locale
     * @return {@link Locale#SIMPLIFIED_CHINESE} for Chinese locales, {@link Locale#ENGLISH} otherwise
     */
    public static Locale resolve(Locale locale) {
        return isChinese(Objects.requireNonNull(locale, "locale")) ? Locale.SIMPLIFIED_CHINESE : Locale.ENGLISH;
    }

    private static boolean isChinese(Locale locale) {
        // Only Simplified Chinese is written; a Traditional Chinese reader still gets it rather
        // than English.
        return "zh".equals(locale.getLanguage());
    }

    private static Rule rule(String code, Category category, FindingSeverity severity, Segment segment,
                             String... sources) {
        return new Rule(code, category, severity, segment, List.of(sources));
    }

    private static Map<String, Rule> index(List<Rule> rules) {
        Map<String, Rule> byCode = new LinkedHashMap<>();
        for (Rule r : rules) {
            if (byCode.put(r.code(), r) != null) {
                throw new IllegalStateException("duplicate finding code " + r.code());
            }
        }
        return Map.copyOf(byCode);
    }

    /**
     * Reads the catalogue's properties bundles as strict UTF-8 and chooses the bundle from the
     * requested locale alone. The JDK's default control falls back to {@code Locale.getDefault()}
     * when the requested locale has no bundle, which would turn English into Chinese on a machine
     * set to {@code zh_CN}; this one never falls back, and the root bundle is English.
     */
    /**
     * The bundle for {@code locale}: Chinese (falling back to English key by key) or English; never the JVM default.
     * Loaded by hand rather than through {@code ResourceBundle.getBundle} with a {@code Control}, which throws
     * {@code UnsupportedOperationException} in a named module (the SDK on the module path).
     */
    private static LazyTexts bundle(Locale locale) {
        return BUNDLES.computeIfAbsent(isChinese(locale), zh -> {
            LazyTexts root = LazyTexts.load(BUNDLE_BASE_NAME.replace('.', '/') + ".properties", null);
            return zh ? LazyTexts.load(BUNDLE_BASE_NAME.replace('.', '/') + "_zh_CN.properties", root) : root;
        });
    }

    private static String required(LazyTexts bundle, String key) {
        String v = bundle.get(key);
        if (v == null) throw new MissingResourceException("no text " + key, BUNDLE_BASE_NAME, key);
        return v;
    }
}

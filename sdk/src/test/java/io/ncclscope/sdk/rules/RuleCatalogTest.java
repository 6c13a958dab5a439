package io.ncclscope.sdk.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.ResourceBundle;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class RuleCatalogTest {

    /**
     * The public contract: these codes stay, in this order. Renaming or removing one fails this test on purpose,
     * because reports, dashboards and bots key on these strings; a code added to the catalogue passes as it is.
     */
    static final List<String> PINNED_CODES = List.of(
            // errors in logs
            "HANG_RANK_DIED",
            "NCCL_CONNECT_FAILED",
            "NCCL_REMOTE_ERROR",
            "NCCL_SYSTEM_ERROR",
            "NCCL_INTERNAL_ERROR",
            "NCCL_INVALID_USAGE",
            "NCCL_DUPLICATE_GPU",
            "NCCL_NO_SOCKET_INTERFACE",
            "NCCL_NET_PLUGIN_MISSING",
            "IB_COMPLETION_ERROR",
            "IB_SETUP_FAILED",
            "COLLNET_UNAVAILABLE",
            "OFI_NO_PROVIDER",
            "NCCL_WATCHDOG_TIMEOUT",
            "HANG_RANK_NOT_ENTERED",
            "HANG_COLLECTIVE_MISMATCH",
            "HANG_COLLECTIVE_STUCK",
            "CUDA_ERROR",
            "C10D_STORE_UNREACHABLE",
            "C10D_STORE_PORT_IN_USE",
            "RANK_KILLED_BY_SIGNAL",
            "RANK_KILLED_BY_OOM",
            "P2P_DISABLED_ON_NVLINK",
            "NCCL_VERSION_MISMATCH",
            "RANK_MAPPING_INCONSISTENT",
            "NCCL_OUT_OF_MEMORY",
            "NCCL_TOPO_FILE_INVALID",
            "NCCL_SHM_FAILED",
            "NCCL_ENV_INVALID",
            "NCCL_DEBUG_FILE_REDIRECTED",
            // transport choice
            "NET_SOCKET_FALLBACK",
            "NET_IB_DISABLED_BY_ENV",
            "SOCKET_IFNAME_SUSPICIOUS",
            "GDR_NOT_USED",
            "P2P_NOT_USED",
            // topology and links
            "GPU_NIC_AFFINITY_POOR",
            "NIC_CROSS_NUMA",
            "PCIE_LINK_DEGRADED",
            "NVLINK_DEGRADED",
            "IB_PORT_NOT_ACTIVE",
            "IB_RATE_DEGRADED",
            "ETH_LINK_DOWN",
            "ETH_SPEED_DEGRADED",
            "MTU_MISMATCH",
            "NIC_ERROR_COUNTERS",
            "PFC_PAUSE_STORM",
            "ROCE_TRAFFIC_NOT_LOSSLESS",
            "TOPOLOGY_ASYMMETRIC",
            "GPU_XID",
            "COUNTERS_COMPARED",
            "GPU_DRIVER_UNREACHABLE",
            "GPU_NOT_FOUND",
            "GPU_LOST",
            "COLLECT_STEPS_FAILED",
            "COLLECT_TOOLS_MISSING",
            // bandwidth
            "BUSBW_BELOW_EXPECTED",
            "BW_CURVE_ANOMALY",
            "RESULTS_WRONG",
            "SCALING_KNEE",
            "AB_RDMA_SUSPECT",
            "AB_CONGESTION_SUSPECT",
            "SLOW_PAIR",
            "SLOW_NODE",
            "SINGLE_RANK_RUN",
            "NCCL_TESTS_FAILED");

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");
    private static final Pattern ENTRY_KEY = Pattern.compile(
            "([A-Z0-9_]+)\\.(category|severity|segment|workflow|symptom|source\\.[1-9][0-9]*|action\\.[1-9][0-9]*\\.area)");
    private static final Pattern KEY = Pattern.compile(
            "([A-Z0-9_]+)\\.(title|meaning|cause\\.([1-9][0-9]*)|action\\.([1-9][0-9]*)(\\.command)?|detail\\.[A-Za-z0-9]+)");

    static Stream<String> codes() {
        return RuleCatalog.all().stream().map(Rule::code);
    }

    static Stream<Locale> locales() {
        return RuleCatalog.supportedLocales().stream();
    }

    @Test
    void everyEntryReadsAndTheNamesAreTheCataloguesOrder() {
        // Entries are read when first asked for; this reads every one, so a malformed entry fails the build.
        assertThat(RuleCatalog.codes()).extracting(c -> c.rule().code()).containsExactlyElementsOf(RuleCatalog.codeNames());
        assertThat(RuleCatalog.all()).extracting(Rule::code).containsExactlyElementsOf(RuleCatalog.codeNames());
        assertThat(RuleCatalog.code(RuleCatalog.codeNames().get(0)).orElseThrow()).isSameAs(RuleCatalog.codes().get(0));
    }

    @Test
    void catalogueKeepsEveryPinnedCodeInOrder() {
        assertThat(RuleCatalog.all()).extracting(Rule::code).containsSubsequence(PINNED_CODES);
    }

    @Test
    void categoriesFollowTheDesignGroups() {
        assertThat(codesOf(Category.ERROR)).containsExactly(PINNED_CODES.subList(0, 30).toArray(String[]::new));
        assertThat(codesOf(Category.TRANSPORT)).containsExactly(PINNED_CODES.subList(30, 35).toArray(String[]::new));
        assertThat(codesOf(Category.TOPOLOGY)).containsExactly(PINNED_CODES.subList(35, 55).toArray(String[]::new));
        assertThat(codesOf(Category.BANDWIDTH)).containsExactly(PINNED_CODES.subList(55, 65).toArray(String[]::new));
    }

    private static List<String> codesOf(Category category) {
        return RuleCatalog.all().stream().filter(r -> r.category() == category && PINNED_CODES.contains(r.code()))
                .map(Rule::code).toList();
    }

    @Test
    void codesAreUpperSnakeCaseAndUnique() {
        assertThat(RuleCatalog.all()).extracting(Rule::code)
                .allMatch(c -> c.matches("[A-Z][A-Z0-9]*(_[A-Z0-9]+)*"), "UPPER_SNAKE_CASE")
                .doesNotHaveDuplicates();
    }

    @Test
    void everyRuleNamesItsSources() {
        assertThat(RuleCatalog.all()).allSatisfy(r -> assertThat(r.sources()).as(r.code())
                .isNotEmpty()
                .allSatisfy(s -> assertThat(s).isNotBlank()));
    }

    @Test
    void severitiesAndSegmentsWhereTheyAreContract() {
        assertThat(RuleCatalog.find("NCCL_DEBUG_FILE_REDIRECTED")).get()
                .extracting(Rule::defaultSeverity).isEqualTo(FindingSeverity.INFO);
        assertThat(RuleCatalog.find("SINGLE_RANK_RUN")).get()
                .extracting(Rule::defaultSeverity).isEqualTo(FindingSeverity.INFO);
        assertThat(RuleCatalog.find("RESULTS_WRONG")).get()
                .extracting(Rule::defaultSeverity).isEqualTo(FindingSeverity.CRITICAL);
        assertThat(RuleCatalog.find("BUSBW_BELOW_EXPECTED")).get()
                .extracting(Rule::segment).isEqualTo(Segment.END_TO_END);
        assertThat(RuleCatalog.find("NVLINK_DEGRADED")).get()
                .extracting(Rule::segment).isEqualTo(Segment.INTRA_NODE);
        assertThat(RuleCatalog.find("IB_RATE_DEGRADED")).get()
                .extracting(Rule::segment).isEqualTo(Segment.INTER_NODE);
        // Errors are not about a bandwidth segment, except the plugin that decides the inter-node path.
        assertThat(RuleCatalog.all()).filteredOn(r -> r.category() == Category.ERROR)
                .filteredOn(r -> !r.code().equals("NCCL_NET_PLUGIN_MISSING"))
                .extracting(Rule::segment).containsOnly(Segment.NONE);
    }

    @Test
    void findReturnsTheRuleOrEmpty() {
        assertThat(RuleCatalog.find("GPU_XID")).get().extracting(Rule::category).isEqualTo(Category.TOPOLOGY);
        assertThat(RuleCatalog.find("NO_SUCH_CODE")).isEmpty();
        assertThat(RuleCatalog.find("gpu_xid")).as("codes are case-sensitive").isEmpty();
    }

    @Test
    void theCatalogueCannotBeModified() {
        List<Rule> all = RuleCatalog.all();
        assertThatThrownBy(() -> all.remove(0)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> all.get(0).sources().add("x")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> RuleCatalog.supportedLocales().add(Locale.GERMAN))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void supportedLocalesAreEnglishThenSimplifiedChinese() {
        assertThat(RuleCatalog.supportedLocales())
                .containsExactly(Locale.ENGLISH, Locale.forLanguageTag("zh-CN"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codes")
    void everyCodeHasCompleteTextsWithTheSameShapeInBothLanguages(String code) {
        RuleText en = RuleCatalog.text(code, Locale.ENGLISH);
        RuleText zh = RuleCatalog.text(code, Locale.SIMPLIFIED_CHINESE);
        for (RuleText t : List.of(en, zh)) {
            assertThat(t.title()).as("%s title", code).isNotBlank().hasSizeLessThan(70);
            assertThat(t.meaning()).as("%s meaning", code).isNotBlank();
            assertThat(t.causes()).as("%s causes", code).hasSizeBetween(2, 5).allSatisfy(c -> assertThat(c).isNotBlank());
            assertThat(t.actions()).as("%s actions", code).isNotEmpty();
        }
        assertThat(zh.causes()).as("%s cause count", code).hasSameSizeAs(en.causes());
        assertThat(zh.actions()).as("%s action count", code).hasSameSizeAs(en.actions());
        assertThat(zh.actions()).extracting(Action::command).as("%s commands are the same in both languages", code)
                .containsExactlyElementsOf(en.actions().stream().map(Action::command).toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codes")
    void chineseTextsAreChinese(String code) {
        RuleText zh = RuleCatalog.text(code, Locale.SIMPLIFIED_CHINESE);
        for (String prose : prose(zh)) {
            assertThat(containsCjk(prose)).as("%s zh-CN text without CJK: %s", code, prose).isTrue();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codes")
    void englishTextsHoldNoCjk(String code) {
        RuleText en = RuleCatalog.text(code, Locale.ENGLISH);
        List<String> all = new ArrayList<>(prose(en));
        en.actions().forEach(a -> all.add(a.command()));
        for (String s : all) {
            assertThat(containsCjk(s)).as("%s en text with CJK: %s", code, s).isFalse();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codes")
    void commandsUseOnlyDocumentedPlaceholdersAndProseUsesNone(String code) {
        for (Locale locale : RuleCatalog.supportedLocales()) {
            RuleText t = RuleCatalog.text(code, locale);
            for (Action a : t.actions()) {
                Matcher m = PLACEHOLDER.matcher(a.command());
                while (m.find()) {
                    assertThat(Action.PLACEHOLDERS).as("%s placeholder in '%s'", code, a.command()).contains(m.group(1));
                }
                assertThat(PLACEHOLDER.matcher(a.command()).replaceAll("")).as("%s unclosed placeholder", code)
                        .doesNotContain("${");
            }
            for (String prose : prose(t)) {
                assertThat(prose).as("%s prose is not a template", code).doesNotContain("${");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("locales")
    void bundlesHoldOnlyKeysOfKnownCodesWithoutGaps(Locale locale) throws IOException {
        String resource = locale.equals(Locale.ENGLISH) ? "Rules.properties" : "Rules_zh_CN.properties";
        Properties props = new Properties();
        try (InputStream in = RuleCatalog.class.getResourceAsStream(resource);
             Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            props.load(reader);
        }
        int expectedKeys = 0;
        for (String code : PINNED_CODES) {
            RuleText t = RuleCatalog.text(code, locale);
            expectedKeys += 2 + t.causes().size() + t.actions().size()
                    + (int) t.actions().stream().filter(Action::hasCommand).count()
                    // The sentences a finding states, where its analyzer keeps them in the catalogue.
                    + (int) RuleCatalog.entry(code).textKeys().stream().filter(k -> k.startsWith(code + ".detail.")).count();
        }
        int entryKeys = 0;
        for (String key : props.stringPropertyNames()) {
            Matcher m = KEY.matcher(key);
            Matcher entry = ENTRY_KEY.matcher(key);
            if (entry.matches()) {
                // The entry's data sits in the English file only.
                assertThat(locale).as("entry key %s in %s", key, resource).isEqualTo(Locale.ENGLISH);
                assertThat(PINNED_CODES).as("code of key %s", key).contains(entry.group(1));
                entryKeys++;
                continue;
            }
            assertThat(m.matches()).as("key shape: %s", key).isTrue();
            assertThat(PINNED_CODES).as("code of key %s", key).contains(m.group(1));
        }
        // Every key was read by text() or into the entry: none is stranded behind a gap in the numbering.
        int expectedEntryKeys = 0;
        if (locale.equals(Locale.ENGLISH)) {
            for (String code : PINNED_CODES) {
                FindingCode e = RuleCatalog.entry(code);
                expectedEntryKeys += 4 + (e.symptom() == null ? 0 : 1) + e.rule().sources().size() + e.actionAreas().size();
            }
        }
        assertThat(entryKeys).as("entry keys of " + resource).isEqualTo(expectedEntryKeys);
        assertThat(props.stringPropertyNames()).as(resource).hasSize(expectedKeys + expectedEntryKeys);
    }

    @Test
    void unknownCodeIsRejectedWithTheCodeInTheMessage() {
        assertThatThrownBy(() -> RuleCatalog.text("NCCL_NO_SUCH_THING", Locale.ENGLISH))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NCCL_NO_SUCH_THING");
    }

    @Test
    void englishStaysEnglishOnAChineseMachine() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
            clearBundleCache();
            RuleText en = RuleCatalog.text("NCCL_CONNECT_FAILED", Locale.ENGLISH);
            assertThat(en.title()).isEqualTo("NCCL could not connect to a peer rank");
            assertThat(containsCjk(en.meaning())).isFalse();
            // A locale without texts of its own gets English too, not the machine's Chinese.
            assertThat(containsCjk(RuleCatalog.text("NCCL_CONNECT_FAILED", Locale.GERMANY).title())).isFalse();
            assertThat(containsCjk(RuleCatalog.text("NCCL_CONNECT_FAILED", Locale.ROOT).title())).isFalse();
        } finally {
            Locale.setDefault(saved);
            clearBundleCache();
        }
    }

    @Test
    void chineseStaysChineseOnAnEnglishMachine() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.US);
            clearBundleCache();
            assertThat(RuleCatalog.text("NCCL_DUPLICATE_GPU", Locale.forLanguageTag("zh-CN")).title())
                    .isEqualTo("两个 rank 用了同一张 GPU");
        } finally {
            Locale.setDefault(saved);
            clearBundleCache();
        }
    }

    @Test
    void anyChineseLocaleGetsSimplifiedChineseAndEverythingElseEnglish() {
        for (Locale zh : List.of(Locale.CHINESE, Locale.SIMPLIFIED_CHINESE, Locale.forLanguageTag("zh-Hans"),
                Locale.forLanguageTag("zh-SG"), Locale.TRADITIONAL_CHINESE)) {
            assertThat(RuleCatalog.resolve(zh)).as("%s", zh).isEqualTo(Locale.SIMPLIFIED_CHINESE);
            assertThat(RuleCatalog.text("GPU_XID", zh)).as("%s", zh)
                    .isEqualTo(RuleCatalog.text("GPU_XID", Locale.SIMPLIFIED_CHINESE));
        }
        for (Locale other : List.of(Locale.ENGLISH, Locale.US, Locale.UK, Locale.JAPANESE, Locale.ROOT)) {
            assertThat(RuleCatalog.resolve(other)).as("%s", other).isEqualTo(Locale.ENGLISH);
            assertThat(RuleCatalog.text("GPU_XID", other)).as("%s", other)
                    .isEqualTo(RuleCatalog.text("GPU_XID", Locale.ENGLISH));
        }
    }

    @Test
    void textIsSafeToReadFromManyThreads() throws Exception {
        Map<String, RuleText> expected = PINNED_CODES.stream()
                .collect(Collectors.toMap(c -> c, c -> RuleCatalog.text(c, Locale.SIMPLIFIED_CHINESE)));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                results.add(pool.submit(() -> PINNED_CODES.stream()
                        .allMatch(c -> RuleCatalog.text(c, Locale.SIMPLIFIED_CHINESE).equals(expected.get(c)))));
            }
            for (Future<Boolean> f : results) {
                assertThat(f.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theSeedsKeyCommandsAreInTheCatalogue() {
        Set<String> commands = PINNED_CODES.stream()
                .flatMap(c -> RuleCatalog.text(c, Locale.ENGLISH).actions().stream())
                .map(Action::command)
                .collect(Collectors.toSet());
        assertThat(commands).contains(
                "ping ${peer}",
                "nc -vz ${peer} ${port}",
                "export NCCL_SOCKET_IFNAME=${iface}",
                "export NCCL_SOCKET_IFNAME=^lo,docker,<interfaces that cannot reach the other nodes>",
                "export NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET",
                "export NCCL_IB_DISABLE=1",
                "dmesg | grep -i xid",
                "dmesg | grep -i mlx",
                "torchrun --nnodes=<number of nodes> --nproc_per_node=<GPUs per node> --node_rank=<index of this node> <script.py>",
                "nvidia-smi topo -m",
                "lspci -tv",
                "numactl -H",
                "export NCCL_IB_HCA=${hcas}",
                "export NCCL_IB_HCA=^${hca}",
                "nvidia-smi -q -d PCI",
                "all_reduce_perf -b 8 -e 8G -f 2 -g ${gpus_per_node}");
    }

    private static List<String> prose(RuleText t) {
        List<String> texts = new ArrayList<>();
        texts.add(t.title());
        texts.add(t.meaning());
        texts.addAll(t.causes());
        t.actions().forEach(a -> texts.add(a.text()));
        return texts;
    }

    static boolean containsCjk(String s) {
        return s.codePoints().anyMatch(cp -> {
            Character.UnicodeScript script = Character.UnicodeScript.of(cp);
            Character.UnicodeBlock block = Character.UnicodeBlock.of(cp);
            return script == Character.UnicodeScript.HAN
                    || block == Character.UnicodeBlock.CJK_SYMBOLS_AND_PUNCTUATION
                    || block == Character.UnicodeBlock.HALFWIDTH_AND_FULLWIDTH_FORMS;
        });
    }

    /** Drops cached bundles so a lookup after {@code Locale.setDefault} really resolves again. */
    private static void clearBundleCache() {
        ResourceBundle.clearCache(RuleCatalog.class.getClassLoader());
    }
}

package io.ncclscope.parsers.nccl;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The values NCCL accepts for the variables it reads, as its own sources parse them: src/misc/param.cc reads integers
 * (a word there makes NCCL fall back to the default), src/graph/tuning.cc the {@code NCCL_ALGO} and {@code NCCL_PROTO}
 * lists, src/debug.cc the {@code NCCL_DEBUG} levels, src/graph/paths.cc ({@code ncclGetLevel}) the path levels, and
 * src/misc/socket.cc {@code NCCL_SOCKET_FAMILY}. Variables not listed here are not checked: {@link #accepts} takes any
 * value of them. Stateless.
 */
public final class NcclParams {

    /** How NCCL reads a variable's value. */
    public enum ValueForm {
        /** A list of algorithms, {@code ^a,b} or {@code a,b;func:c,d} (2.24+): {@code NCCL_ALGO}. */
        ALGORITHMS,
        /** A list of protocols, in the syntax of {@link #ALGORITHMS}: {@code NCCL_PROTO}. */
        PROTOCOLS,
        /** A debug level, any case: {@code NCCL_DEBUG}. */
        DEBUG_LEVEL,
        /** An integer, decimal or {@code 0x} hexadecimal ({@code ncclParam*}). */
        INTEGER,
        /** One of a few names, compared with {@code strcmp} (case counts); a path level may also be a number. */
        NAME,
        /** A value NCCL reads some other way, not checked. */
        OTHER
    }

    /** Algorithms of NCCL_ALGO (src/init.cc's names; {@code CollNet} is the older spelling of both CollNet ones). */
    private static final List<String> ALGORITHMS = List.of("Ring", "Tree", "CollNetDirect", "CollNetChain", "NVLS",
            "NVLSTree", "PAT");
    private static final Set<String> ALGORITHMS_READ = Set.of("ring", "tree", "collnet", "collnetdirect", "collnetchain",
            "nvls", "nvlstree", "pat");
    private static final List<String> PROTOCOLS = List.of("LL", "LL128", "Simple");
    private static final Set<String> PROTOCOLS_READ = Set.of("ll", "ll128", "simple");
    private static final List<String> DEBUG_LEVELS = List.of("VERSION", "WARN", "INFO", "ABORT", "TRACE");
    private static final Set<String> DEBUG_LEVELS_READ = Set.of("version", "warn", "info", "abort", "trace");

    /** Variables NCCL reads as integers (ncclParam*). */
    private static final Set<String> INTEGERS = Set.of("NCCL_IB_DISABLE", "NCCL_P2P_DISABLE", "NCCL_SHM_DISABLE",
            "NCCL_NET_GDR_READ", "NCCL_IB_GID_INDEX", "NCCL_IB_TIMEOUT", "NCCL_IB_RETRY_CNT", "NCCL_IB_SL", "NCCL_IB_TC",
            "NCCL_IB_QPS_PER_CONNECTION", "NCCL_BUFFSIZE", "NCCL_NTHREADS", "NCCL_MIN_NCHANNELS", "NCCL_MAX_NCHANNELS",
            "NCCL_NVLS_ENABLE", "NCCL_CUMEM_ENABLE", "NCCL_NSOCKS_PERTHREAD", "NCCL_SOCKET_NTHREADS", "NCCL_CROSS_NIC",
            "NCCL_COLLNET_ENABLE", "NCCL_IB_PCI_RELAXED_ORDERING", "NCCL_IB_ADAPTIVE_ROUTING", "NCCL_NVLS_NCHANNELS",
            "NCCL_P2P_NET_CHUNKSIZE", "NCCL_LAUNCH_MODE_PARALLEL", "NCCL_IGNORE_CPU_AFFINITY", "NCCL_NET_SHARED_BUFFERS");

    /**
     * Variables NCCL compares with a few names and ignores otherwise. Captured on an H200 node:
     * NCCL_SOCKET_FAMILY=AF_INET9 ran on with any family (examples/captured/h200-nccl-fail/socket-family-bad.log).
     */
    private static final Map<String, List<String>> NAMES = Map.of("NCCL_SOCKET_FAMILY", List.of("AF_INET", "AF_INET6"),
            "NCCL_P2P_LEVEL", TransportTerms.PATH_LEVELS, "NCCL_NET_GDR_LEVEL", TransportTerms.PATH_LEVELS);

    /** An integer as src/misc/param.cc reads it. */
    private static final Pattern INTEGER = Pattern.compile("-?\\d+|0x[0-9a-fA-F]+");

    private NcclParams() {
    }

    /**
     * {@return how NCCL reads variable {@code name}; {@link ValueForm#OTHER} for a variable this class does not know}
     *
     * @param name the variable, {@code NCCL_ALGO}
     */
    public static ValueForm form(String name) {
        return switch (name) {
            case "NCCL_ALGO" -> ValueForm.ALGORITHMS;
            case "NCCL_PROTO" -> ValueForm.PROTOCOLS;
            case "NCCL_DEBUG" -> ValueForm.DEBUG_LEVEL;
            default -> INTEGERS.contains(name) ? ValueForm.INTEGER : NAMES.containsKey(name) ? ValueForm.NAME : ValueForm.OTHER;
        };
    }

    /**
     * {@return the names NCCL accepts for variable {@code name}, in NCCL's spelling and order; empty for an integer or
     * a variable of {@link ValueForm#OTHER}}
     *
     * @param name the variable
     */
    public static List<String> names(String name) {
        return switch (form(name)) {
            case ALGORITHMS -> ALGORITHMS;
            case PROTOCOLS -> PROTOCOLS;
            case DEBUG_LEVEL -> DEBUG_LEVELS;
            case NAME -> NAMES.get(name);
            default -> List.of();
        };
    }

    /**
     * {@return whether NCCL accepts {@code value} for variable {@code name}: a value it parses, for a variable it reads
     * in one of the forms above; true for any value of a variable of {@link ValueForm#OTHER}}
     *
     * @param name  the variable
     * @param value its value, trimmed, without the full stop NCCL prints after it ({@link EnvSetting#valueAsRead})
     */
    public static boolean accepts(String name, String value) {
        return switch (form(name)) {
            case ALGORITHMS -> listAccepted(value, ALGORITHMS_READ);
            case PROTOCOLS -> listAccepted(value, PROTOCOLS_READ);
            case DEBUG_LEVEL -> DEBUG_LEVELS_READ.contains(value.toLowerCase(Locale.ROOT));
            case INTEGER -> INTEGER.matcher(value).matches();
            case NAME -> NAMES.get(name) == TransportTerms.PATH_LEVELS ? TransportTerms.isPathLevel(value)
                    : NAMES.get(name).contains(value);
            case OTHER -> true;
        };
    }

    /** A NCCL_ALGO / NCCL_PROTO value: {@code ^a,b} or {@code a,b;func:c,d}, each name one of {@code read}, any case. */
    private static boolean listAccepted(String value, Set<String> read) {
        for (String part : value.split(";")) {
            String p = part.trim();
            int colon = p.indexOf(':');
            if (colon >= 0) p = p.substring(colon + 1);
            if (p.startsWith("^")) p = p.substring(1);
            for (String token : p.split(",")) {
                String t = token.trim().toLowerCase(Locale.ROOT);
                if (!t.isEmpty() && !read.contains(t)) return false;
            }
        }
        return true;
    }
}

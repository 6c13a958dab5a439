package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.IbSetupStep;
import io.ncclscope.parsers.nccl.NcclResult;
import io.ncclscope.parsers.nccl.WarnMessageFacts;
import io.ncclscope.sdk.rules.MessageCatalogue;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns one NCCL WARN message (or a launcher's {@code Last error} text) into a finding code, its role in a failure
 * chain and the message template that explains it. The message catalogue ({@link MessageCatalogue}, every WARN format
 * of NCCL 2.4 to 2.30 and of the NET plugins read from their sources) is the authority on what a message means: a
 * code, benign, or context (a consequence, a retry, a fallback: never a first cause). The parser's {@link EventKind}
 * and the text refine the catalogue's code into a role and a message (which IB setup call, which completion status),
 * and classify what the catalogue does not know. The launchers' own lines are read by their rows alone
 * ({@link #launcherLine}). Stateless.
 */
final class Classifier {

    /** How a line takes part in a failure. */
    enum Role {
        /** A first cause: the finding is named after it. */
        ROOT,
        /** A cause only when nothing better is seen (connection retries that may still succeed). */
        WEAK,
        /** The consequence of an error elsewhere (a peer that closed its socket, a flushed work request). */
        SECONDARY,
        /** Harmless on its own ({@code Failed to open libibverbs.so} when IB is not wanted). */
        BENIGN,
        /** A WARN no rule knows; the return code that follows it names the code. */
        UNKNOWN
    }

    /** The outcome: a code (null for UNKNOWN and BENIGN), a role and a message key. */
    record Verdict(String code, Role role, String key) {
    }

    /** The verdict of a line harmless on its own. */
    private static final Verdict HARMLESS = new Verdict(null, Role.BENIGN, null);

    static final String CONNECT = "NCCL_CONNECT_FAILED";
    static final String REMOTE = "NCCL_REMOTE_ERROR";
    static final String SYSTEM = "NCCL_SYSTEM_ERROR";
    static final String INTERNAL = "NCCL_INTERNAL_ERROR";
    static final String USAGE = "NCCL_INVALID_USAGE";
    static final String DUPLICATE = "NCCL_DUPLICATE_GPU";
    static final String NO_IFACE = "NCCL_NO_SOCKET_INTERFACE";
    static final String PLUGIN = "NCCL_NET_PLUGIN_MISSING";
    static final String IB_COMPLETION = "IB_COMPLETION_ERROR";
    static final String IB_SETUP = "IB_SETUP_FAILED";
    static final String WATCHDOG = "NCCL_WATCHDOG_TIMEOUT";
    static final String CUDA = "CUDA_ERROR";
    static final String VERSION = "NCCL_VERSION_MISMATCH";
    static final String MAPPING = "RANK_MAPPING_INCONSISTENT";
    static final String OOM = "NCCL_OUT_OF_MEMORY";
    static final String TOPO_FILE = "NCCL_TOPO_FILE_INVALID";
    static final String SHM = "NCCL_SHM_FAILED";
    static final String ENV = "NCCL_ENV_INVALID";
    static final String DEBUG_FILE = "NCCL_DEBUG_FILE_REDIRECTED";
    static final String TESTS = "NCCL_TESTS_FAILED";
    static final String COLLNET = "COLLNET_UNAVAILABLE";
    static final String OFI_PROVIDER = "OFI_NO_PROVIDER";
    static final String P2P_NVLINK = "P2P_DISABLED_ON_NVLINK";
    static final String STORE_UNREACHABLE = "C10D_STORE_UNREACHABLE";
    static final String STORE_PORT_IN_USE = "C10D_STORE_PORT_IN_USE";
    static final String KILLED_BY_SIGNAL = "RANK_KILLED_BY_SIGNAL";
    static final String KILLED_BY_OOM = "RANK_KILLED_BY_OOM";

    /**
     * The catalogue codes a failure chain of this package is named after; the catalogue's other codes (PyTorch's
     * watchdog, nccl-tests' failures) are read from the launcher and tests records, never from a WARN line.
     */
    private static final Set<String> CHAIN_CODES = Set.of(CONNECT, REMOTE, SYSTEM, INTERNAL, USAGE, DUPLICATE, NO_IFACE,
            PLUGIN, IB_COMPLETION, IB_SETUP, CUDA, VERSION, MAPPING, OOM, TOPO_FILE, SHM, ENV, COLLNET, OFI_PROVIDER,
            P2P_NVLINK);

    /** A code named after an ncclResult_t alone: that result, and the suffix of its message keys ({@code warn.system}). */
    private record GenericCode(String code, NcclResult result, String key) {
    }

    /** The codes named after an ncclResult_t alone. */
    private static final List<GenericCode> GENERIC = List.of(
            new GenericCode(CUDA, NcclResult.UNHANDLED_CUDA_ERROR, "cuda"),
            new GenericCode(SYSTEM, NcclResult.SYSTEM_ERROR, "system"),
            new GenericCode(INTERNAL, NcclResult.INTERNAL_ERROR, "internal"),
            new GenericCode(USAGE, NcclResult.INVALID_USAGE, "usage"),
            new GenericCode(REMOTE, NcclResult.REMOTE_ERROR, "remote"));

    /** The note of a catalogue row classified by the ncclResult_t its source returns, not by what the text says. */
    private static final String BY_RESULT = "classified by its return code";

    /** The note of a catalogue row whose message names its code only when no WARN before it explains the failure. */
    private static final String WEAK_NOTE = "a cause only when nothing better is seen";

    private Classifier() {
    }

    /**
     * The verdict for a message of a known NCCL release: the catalogue row of that release where two differ.
     *
     * @param kind    the parser's kind
     * @param text    the message; may be null
     * @param status  the IB completion status, when known
     * @param env     the log's NCCL variables
     * @param version the NCCL version the log printed; null when unknown
     */
    static Verdict classify(EventKind kind, String text, Integer status, Map<String, String> env, String version) {
        Verdict byText = byKind(kind, text, status, env);
        if (text == null || text.isBlank()) return byText;
        Optional<MessageCatalogue.Entry> row = MessageCatalogue.builtIn().match(WarnMessageFacts.withoutOfiPlace(text), version);
        return row.isPresent() ? fromRow(row.get(), byText, status, text.toLowerCase(Locale.ROOT)) : byText;
    }

    /**
     * The verdict of a launcher's line, by its row of the message catalogue: PyTorch's c10d store
     * (torch/csrc/distributed/c10d/socket.cpp, TCPStore.cpp), torchrun's failure table (torch/distributed/elastic), and
     * the launchers' and schedulers' word on how a process ended (Open MPI's help-orterun.txt, Slurm's srun and
     * slurmstepd, DeepSpeed's launch.py, Kubernetes). The row's code names the finding, {@code context} makes a
     * consequence; empty when the catalogue has no row for it or the row says it is harmless.
     *
     * @param text the line after the launcher's prefix
     */
    static Optional<Verdict> launcherLine(String text) {
        if (text == null || text.isBlank()) return Optional.empty();
        Optional<MessageCatalogue.Entry> row = MessageCatalogue.builtIn().match(text);
        if (row.isEmpty() || MessageCatalogue.BENIGN.equals(row.get().classification())) return Optional.empty();
        String code = row.get().classification();
        return Optional.of(switch (code) {
            // A rank that cannot reach the store, or a store that cannot listen, stops the job before NCCL starts.
            case STORE_UNREACHABLE -> root(code, "store.unreachable");
            case STORE_PORT_IN_USE -> root(code, "store.port");
            // The first failed worker ended on a signal: a cause, weaker than an error of its own; the peers that
            // lost it (a store that went away, a closed connection) are its consequences.
            case KILLED_BY_SIGNAL -> new Verdict(code, Role.WEAK, "signal.killed");
            // The OOM killer ended a process for the host memory of its step or container: nothing before it in the
            // job made it happen, so it is a first cause of its own.
            case KILLED_BY_OOM -> root(code, "oom.killed");
            // A retry, a per-address error before the one thrown, the launcher stopping the other workers, a process
            // that exited with an error or aborted itself, a cancelled step.
            default -> new Verdict(null, Role.SECONDARY, "warn");
        });
    }

    /**
     * The verdict of a catalogue row. A row of the chain's own code keeps the refined verdict (its role and message);
     * a row of another code overrides it as a first cause; context makes a consequence of what was a cause.
     */
    private static Verdict fromRow(MessageCatalogue.Entry row, Verdict byText, Integer status, String l) {
        String code = row.classification();
        if (MessageCatalogue.BENIGN.equals(code)) return HARMLESS;
        if (MessageCatalogue.CONTEXT.equals(code)) {
            // It says what happened (a retry, a fallback, a proxy passing on an error) and names no finding itself.
            return byText.role() == Role.ROOT || byText.role() == Role.UNKNOWN ? new Verdict(null, Role.SECONDARY, "warn") : byText;
        }
        if (!CHAIN_CODES.contains(code) || code.equals(byText.code())) return byText;
        if (row.note().contains(WEAK_NOTE)) return new Verdict(code, Role.WEAK, keyOf(code, l));
        if (row.note().contains(BY_RESULT)) {
            // The row knows only the result its source returns: it corrects a generic guess of the text rules (any
            // NET/OFI line a system error), a precise reading of the text stands, and an unknown message is named by
            // the return code that follows it, only when one does (NCCL often warns and goes on). A message naming the
            // proxy is read as passing on a peer's error; the row knows better (NCCL 2.28+'s RMA and GIN proxy checks
            // fail on their own): a WARN no rule knows, named by the return code after it.
            if (byText.code() == null && byText.role() == Role.SECONDARY) return new Verdict(null, Role.UNKNOWN, null);
            return generic(byText.code()) != null ? new Verdict(code, byText.role(), null) : byText;
        }
        return switch (code) {
            case IB_COMPLETION -> ibCompletion(status);
            case IB_SETUP -> ibSetup(l);
            // A connection the peer closed names the peer's failure: the cause is in the peer's log.
            case REMOTE -> WarnMessageFacts.connectionClosed(l) ? new Verdict(REMOTE, Role.SECONDARY, "remote.lost") : root(REMOTE, null);
            default -> root(code, keyOf(code, l));
        };
    }

    /** {@return the verdict of a first cause} */
    private static Verdict root(String code, String key) {
        return new Verdict(code, Role.ROOT, key);
    }

    /** The message key of a first cause the catalogue names; null for the generic codes (their key says the result). */
    private static String keyOf(String code, String l) {
        return switch (code) {
            case CONNECT -> "connect";
            case NO_IFACE -> noIfaceKey(l);
            case DUPLICATE -> "duplicate";
            case USAGE -> l.contains("mismatch") ? "usage.mismatch" : null;
            case TOPO_FILE -> l.contains("attribute") && l.contains("not found") ? "topo.file.attr"
                    : l.contains("could not open xml topology file") ? "topo.file.open" : "topo.file";
            case ENV -> l.contains("graph") || l.contains("xml import channel") ? "env.graph"
                    : l.contains("any net plugin") ? "env.net" : "env.warn";
            case PLUGIN -> "plugin.fail";
            case MAPPING -> "mapping.warn";
            case SHM -> "shm";
            case OOM -> "oom";
            case VERSION -> "version.warn";
            case SYSTEM -> "system.warn";
            case CUDA -> l.contains("maxsharedmem") ? "cuda.arch" : null;
            case COLLNET -> "collnet";
            // libfabric's own warning that a provider answered fi_getinfo with nothing (src/fabric.c)
            case OFI_PROVIDER -> l.startsWith("fi_getinfo: provider ") ? "ofi.provider.libfabric" : "ofi.provider";
            case P2P_NVLINK -> "p2p.disabled";
            default -> null;
        };
    }

    private static Verdict byKind(EventKind kind, String text, Integer status, Map<String, String> env) {
        String t = text == null ? "" : text;
        String l = t.toLowerCase(Locale.ROOT);
        // Shared memory first: 'Call to posix_fallocate failed' would otherwise read as an allocation failure.
        if (WarnMessageFacts.aboutSharedMemory(t)) return root(SHM, "shm");
        return switch (kind == null ? EventKind.OTHER : kind) {
            case DUPLICATE_GPU -> root(DUPLICATE, l.contains("multiple ranks") ? "duplicate.multirank" : "duplicate");
            case VERSION_MISMATCH -> root(VERSION, "version.warn");
            case IB_COMPLETION_ERROR -> ibCompletion(status);
            case OFI_ERROR -> WarnMessageFacts.ofiCompletionFailed(t) ? root(REMOTE, "remote.ofi") : root(SYSTEM, "system.warn");
            case NO_SOCKET_INTERFACE -> root(NO_IFACE, noIfaceKey(l));
            case SOCKET_CREATE_FAILED -> l.contains("address family") ? root(NO_IFACE, "noiface.family") : root(SYSTEM, "system.warn");
            case SOCKET_CONNECT_FAILED -> root(CONNECT, "connect");
            // 'Connection refused, retrying' is the normal race while peers start listening; a timeout is not.
            case SOCKET_CONNECT_RETRY -> l.contains("refused") ? HARMLESS : new Verdict(CONNECT, Role.WEAK, "connect.retry");
            case CONNECTION_LOST -> new Verdict(REMOTE, Role.SECONDARY, "remote.lost");
            case MESSAGE_TRUNCATED -> root(USAGE, "usage.truncated");
            case IB_SETUP_FAILED -> ibSetup(t);
            case IB_VERBS_MISSING -> HARMLESS;
            case CUDA_FAILURE -> l.contains("out of memory") ? root(OOM, "oom") : root(CUDA, l.contains("maxsharedmem") ? "cuda.arch" : "cuda");
            case ALLOC_FAILED -> WarnMessageFacts.allocatesGpuMemory(t) ? root(OOM, "oom") : root(SYSTEM, "system.alloc");
            case TOPOLOGY_ERROR -> l.contains("could not open xml topology file") ? root(TOPO_FILE, "topo.file.open")
                    : env.containsKey("NCCL_TOPO_FILE") || l.contains("topology file") || l.contains("topo file")
                    ? root(TOPO_FILE, "topo.file") : root(INTERNAL, "internal.topo");
            case GRAPH_ERROR -> root(INTERNAL, "internal.graph");
            case PROXY_ERROR -> new Verdict(null, Role.SECONDARY, "warn");
            case NET_PLUGIN -> env.containsKey("NCCL_NET_PLUGIN") || env.containsKey("NCCL_NET")
                    ? root(PLUGIN, "plugin.fail") : root(SYSTEM, "system.warn");
            default -> other(t, l);
        };
    }

    /**
     * bootstrap.cc prints 'No usable listening interface found' only when NCCL_COMM_ID is set and no interface is in
     * the subnet of its address (captured examples/captured/h200-nccl-fail/comm-id-unreachable.log).
     */
    private static String noIfaceKey(String l) {
        if (l.contains("no usable listening interface")) return "noiface.commid";
        return l.contains("same subnet") ? "noiface.subnet" : "noiface";
    }

    private static Verdict ibCompletion(Integer status) {
        if (status == null) return root(IB_COMPLETION, "ib.other");
        return switch (status) {
            // IBV_WC_WR_FLUSH_ERR: the queue pair already went to the error state; the first error is elsewhere.
            case 5 -> new Verdict(IB_COMPLETION, Role.SECONDARY, "ib.flush");
            case 12, 13 -> root(IB_COMPLETION, "ib.retry");
            case 4, 8, 10 -> root(IB_COMPLETION, "ib.access");
            default -> root(IB_COMPLETION, "ib.other");
        };
    }

    private static Verdict ibSetup(String text) {
        return root(IB_SETUP, switch (IbSetupStep.of(text)) {
            case OFI_RESOURCE -> "ib.setup.ofi";
            // A queue pair that timed out moving to RTR/RTS usually means rails that are not cross-connected.
            case QUEUE_PAIR_TIMEOUT -> "ib.setup.crossnic";
            case GID -> "ib.setup.gid";
            case MEMORY_REGISTRATION -> "ib.setup.regmr";
            case ECE -> "ib.setup.ece";
            case OTHER -> "ib.setup";
        });
    }

    /** Messages the parser left as OTHER. */
    private static Verdict other(String t, String l) {
        if (WarnMessageFacts.ranksDisagree(t)) return root(MAPPING, "mapping.warn");
        if (l.contains("message truncated")) return root(USAGE, "usage.truncated");
        if (WarnMessageFacts.filterLeftNoDevice(t)) return root(NO_IFACE, "noiface.env");
        if (WarnMessageFacts.rejectsSetting(t)) return root(ENV, "env.warn");
        if (l.contains("connect") && l.contains("fail")) return root(CONNECT, "connect");
        return new Verdict(null, Role.UNKNOWN, "warn");
    }

    /** {@return the generic code {@code code}; null for a code not named after a result alone} */
    private static GenericCode generic(String code) {
        for (GenericCode g : GENERIC) if (g.code().equals(code)) return g;
        return null;
    }

    /** The catalogue code for an NCCL result with no better explanation; null for success, in progress and unknown. */
    static String codeOf(NcclResult r) {
        // An invalid argument is the caller's mistake, as an invalid usage is.
        NcclResult named = r == NcclResult.INVALID_ARGUMENT ? NcclResult.INVALID_USAGE : r;
        for (GenericCode g : GENERIC) if (g.result() == named) return g.code();
        return null;
    }

    /** The message key suffix of a generic code ({@code system}, {@code internal}...); {@code system} for other codes. */
    static String genericKey(String code) {
        GenericCode g = generic(code);
        return g == null ? "system" : g.key();
    }

    /** {@return the name of the result a generic code is named after ({@code ncclSystemError}); {@code ?} for other codes} */
    static String resultName(String code) {
        GenericCode g = generic(code);
        return g == null ? "?" : g.result().toString();
    }
}

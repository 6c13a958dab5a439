package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The facts an NCCL WARN message (or the {@code Last error} text PyTorch repeats, or an nccl-tests {@code # error:}
 * line) names in its words, beyond its {@linkplain EventKind kind} ({@link EventKind#of}) and its {@linkplain
 * NcclResult#inMessage result}: the port of a peer, the system's reason for a failed call, the RDMA device, the NCCL
 * variable a message complains of, the errno an aws-ofi-nccl request returned. Read from the messages of NCCL's and
 * the NET plugins' sources as the message catalogue lists them; each method takes the message text, null allowed, and
 * answers null (or false) when the message does not say. Stateless.
 */
public final class WarnMessageFacts {

    /** A peer's port as NCCL prints an address: {@code 10.0.0.2<45763>}. */
    private static final Pattern PORT = Pattern.compile("<(\\d{1,5})>");

    /** The system's reason after a failed call: {@code Connect to ... failed : Connection timed out}. */
    private static final Pattern REASON = Pattern.compile("(?:failed|returned)\\s*:?\\s*(.+?)(?:, retrying)?\\s*$");

    /** A count where the reason would stand: {@code poll() returned 1, no POLLOUT events}. */
    private static final Pattern COUNT_NOT_REASON = Pattern.compile("\\d+,.*");

    /** aws-ofi-nccl's return code of a failed request: {@code NET/OFI Request ... completed with error. RC: 113}. */
    private static final Pattern OFI_RC = Pattern.compile("RC:\\s*(\\d+)");

    /** aws-ofi-nccl 1.x writes the function and line before the message: {@code : Function: X Line: N: NET/OFI ...}. */
    private static final Pattern OFI_PLACE = Pattern.compile("^:?\\s*Function: \\S+ Line: \\d+:\\s*");

    /** An NCCL variable named in a message. */
    private static final Pattern VARIABLE = Pattern.compile("\\b(NCCL_[A-Z0-9_]+)\\b");

    /** The words of a message that says a variable's value is wrong (matched in lower case). */
    private static final Pattern VALUE_COMPLAINT = Pattern.compile(
            "invalid|unknown|unrecogni[sz]ed|ignor|not supported|unsupported|out of range|not a power|bad value");

    /** graph/tuning.cc quotes the value it could not parse: {@code Unrecognized element token ... when parsing "X"}. */
    private static final String PARSING = "when parsing \"";

    /** An RDMA device named in a message ({@code on dev mlx5_0:1}, {@code Unable to open device mlx5_2}). */
    private static final Pattern RDMA_DEVICE = Pattern.compile("\\b((?:mlx[45]|bnxt_re|irdma|erdma|hns|qedr|ionic|efa|rxe)_?\\d+)\\b");

    /**
     * Literals one of which every {@link #RDMA_DEVICE} match holds (irdma and erdma both hold rdma): a text with none of
     * them, most messages, is not searched with the pattern, which tries its ten names at every character.
     */
    private static final String[] RDMA_DEVICE_LITERALS = {"mlx4", "mlx5", "bnxt_re", "rdma", "hns", "qedr", "ionic", "efa", "rxe"};

    /**
     * Words of a failure of POSIX shared memory, matched in lower case: src/misc/shmutils.cc and src/include/shm.h
     * ({@code Error while creating shared memory segment}, {@code Call to posix_fallocate failed}, {@code /dev/shm}).
     */
    private static final String[] SHARED_MEMORY = {"shared memory", "/dev/shm", "shm_open", "posix_fallocate", "shmopen"};

    /**
     * Words of a rank mapping the ranks disagree on, matched in lower case: src/bootstrap.cc ({@code Mismatch in rank
     * count}, {@code rank 3 of 8 ranks has already checked in}, {@code localId 9 is out of range}) and src/init.cc
     * ({@code Failed to determine local ranks}, {@code rank 9 exceeds ndev=8}, {@code Invalid rank requested : 9/8}).
     */
    private static final String[] RANKS_DISAGREE = {"mismatch in rank count", "mismatch in info from procs",
        "has already checked in", "failed to determine local ranks", "failed to determine intra proc ranks", "exceeds ndev",
        "invalid rank requested"};

    /**
     * Words of a setting NCCL rejects without naming a variable, matched in lower case: src/graph/tuning.cc parsing
     * NCCL_ALGO and NCCL_PROTO ({@code Unrecognized element token}, {@code must have a prefix}) and src/bootstrap.cc
     * NCCL_COMM_ID ({@code Invalid NCCL_COMM_ID}).
     */
    private static final String[] SETTING_NOT_PARSED = {"unrecognized element token", "unrecognized prefix token",
        "must have a prefix", "invalid nccl_comm_id"};

    /**
     * Words of an interface or HCA filter that left no device, matched in lower case: NET/IB's {@code No device found
     * matching NCCL_IB_HCA}, src/bootstrap.cc's {@code no device found after excluding}.
     */
    private static final String[] FILTER_LEFT_NO_DEVICE = {"no device found matching", "no device found after excluding"};

    /**
     * Words of an allocation of GPU memory, matched in lower case: src/include/alloc.h's {@code Failed to CUDA calloc},
     * the cuMem API, {@code out of memory}.
     */
    private static final String[] GPU_MEMORY = {"cuda", "cumem", "out of memory", "gpu"};

    /**
     * Words of an aws-ofi-nccl request or completion that failed (src/nccl_ofi_rdma.cpp, nccl_ofi_sendrecv.cpp:
     * {@code NET/OFI Request ... completed with error}), as against its setup calls; matched in lower case.
     */
    private static final String[] OFI_COMPLETION = {"completed with error", "undeliverable", "completion"};

    /** Words of a connection that was closed or reset (src/misc/socket.cc, PyTorch's store), matched in lower case. */
    private static final String[] CONNECTION_CLOSED = {"closed", "reset"};

    private WarnMessageFacts() {
    }

    /**
     * {@return the peer's port a message prints in NCCL's {@code address<port>} form; null when it prints none}
     *
     * @param message the message; null allowed
     */
    public static Integer port(String message) {
        if (message == null) return null;
        Matcher m = PORT.matcher(message);
        return m.find() ? ToolValues.integer(m.group(1)) : null;
    }

    /**
     * {@return the system's reason a failed call gives after {@code failed :} or {@code returned}, without NCCL's
     * {@code , retrying} ({@code Connection timed out}); null when the message gives none, or gives a count there
     * ({@code poll() returned 1, no POLLOUT events})}
     *
     * @param message the message; null allowed
     */
    public static String systemReason(String message) {
        if (message == null) return null;
        Matcher m = REASON.matcher(message);
        if (!m.find()) return null;
        String reason = m.group(1).trim();
        return COUNT_NOT_REASON.matcher(reason).matches() ? null : reason;
    }

    /**
     * {@return the return code an aws-ofi-nccl request failed with, as printed ({@code 113} of {@code RC: 113}); null
     * when the message names none}
     *
     * @param message the message; null allowed
     */
    public static String ofiReturnCode(String message) {
        if (message == null) return null;
        Matcher m = OFI_RC.matcher(message);
        return m.find() ? m.group(1) : null;
    }

    /**
     * {@return the name of a Linux errno a failed connection reports ({@code 113} is {@code EHOSTUNREACH}); null for
     * other numbers}
     *
     * @param number the errno as printed, such as {@link #ofiReturnCode}'s
     */
    public static String connectionErrnoName(String number) {
        return switch (number == null ? "" : number) {
            case "113" -> "EHOSTUNREACH";
            case "111" -> "ECONNREFUSED";
            case "110" -> "ETIMEDOUT";
            case "104" -> "ECONNRESET";
            case "101" -> "ENETUNREACH";
            default -> null;
        };
    }

    /**
     * {@return the message without the {@code Function: X Line: N:} place aws-ofi-nccl 1.x writes before it, stripped}
     *
     * @param message the message
     */
    public static String withoutOfiPlace(String message) {
        return OFI_PLACE.matcher(message.strip()).replaceFirst("");
    }

    /**
     * {@return the first NCCL variable a message names ({@code NCCL_SOCKET_IFNAME}); null when it names none}
     *
     * @param message the message; null allowed
     */
    public static String variable(String message) {
        if (message == null) return null;
        Matcher m = VARIABLE.matcher(message);
        return m.find() ? m.group(1) : null;
    }

    /**
     * {@return whether a message names an NCCL variable and says its value is wrong (invalid, unknown, ignored, not
     * supported, out of range...)}
     *
     * @param message the message; null allowed
     */
    public static boolean rejectsVariable(String message) {
        return variable(message) != null && VALUE_COMPLAINT.matcher(message.toLowerCase(Locale.ROOT)).find();
    }

    /**
     * {@return the value graph/tuning.cc could not parse, as it quotes it ({@code when parsing "ring,foo"}), quotes
     * removed; null when the message quotes none}
     *
     * @param message the message; null allowed
     */
    public static String valueNotParsed(String message) {
        int q = message == null ? -1 : message.indexOf(PARSING);
        return q < 0 ? null : message.substring(q + PARSING.length()).replace("\"", "").trim();
    }

    /**
     * {@return the NCCL variable a message is about: the one it names ({@link #variable}), else the one {@code settings}
     * sets to the value it could not parse ({@link #valueNotParsed}: NCCL_ALGO's {@code when parsing "ring,foo"}); null
     * when neither}
     *
     * @param message  the message; null allowed
     * @param settings the log's NCCL variables and their values ({@link NcclLog#environment})
     */
    public static String variableAbout(String message, Map<String, String> settings) {
        String named = variable(message);
        if (named != null) return named;
        String value = valueNotParsed(message);
        if (value == null) return null;
        for (Map.Entry<String, String> e : settings.entrySet()) {
            if (e.getValue().equals(value)) return e.getKey();
        }
        return null;
    }

    /**
     * {@return whether a message says a connection was closed or reset ({@code Connection closed by remote peer},
     * {@code Connection reset by peer}, {@code socket closed}): the peer went away first}
     *
     * @param message the message; null allowed
     */
    public static boolean connectionClosed(String message) {
        return holdsAny(message, CONNECTION_CLOSED);
    }

    /**
     * {@return the RDMA device a message names ({@code mlx5_0} of {@code on dev mlx5_0:1}, {@code efa0}); null when it
     * names none}
     *
     * @param message the message; null allowed
     */
    public static String rdmaDevice(String message) {
        if (message == null || !mayNameRdmaDevice(message)) return null;
        Matcher m = RDMA_DEVICE.matcher(message);
        return m.find() ? m.group(1) : null;
    }

    /**
     * {@return whether a message reports a failure of POSIX shared memory (a segment NCCL could not create, map or
     * size: src/misc/shmutils.cc)}
     *
     * @param message the message; null allowed
     */
    public static boolean aboutSharedMemory(String message) {
        return holdsAny(message, SHARED_MEMORY);
    }

    /**
     * {@return whether a message says the ranks disagree on the job's layout: the rank count, a rank number checked in
     * twice or out of range, the local ranks (src/bootstrap.cc, src/init.cc)}
     *
     * @param message the message; null allowed
     */
    public static boolean ranksDisagree(String message) {
        if (holdsAny(message, RANKS_DISAGREE)) return true;
        String l = message == null ? "" : message.toLowerCase(Locale.ROOT);
        return l.contains("localid") && l.contains("out of range");
    }

    /**
     * {@return whether a message says NCCL rejects a setting: a value of NCCL_ALGO, NCCL_PROTO or NCCL_COMM_ID it could
     * not parse, a variable 2.30 no longer reads ({@code WARNING: ENV X ... setting it has no effect},
     * src/param/c_api.cc), or a variable it names with a complaint ({@link #rejectsVariable})}
     *
     * @param message the message; null allowed
     */
    public static boolean rejectsSetting(String message) {
        if (message == null) return false;
        String l = message.toLowerCase(Locale.ROOT);
        return holdsAny(message, SETTING_NOT_PARSED) || l.startsWith("warning: env ") && l.contains("setting it has no effect")
                || rejectsVariable(message);
    }

    /**
     * {@return whether a message says an interface or HCA filter (NCCL_SOCKET_IFNAME, NCCL_IB_HCA,
     * NCCL_OOB_NET_IFNAME) left no device}
     *
     * @param message the message; null allowed
     */
    public static boolean filterLeftNoDevice(String message) {
        return holdsAny(message, FILTER_LEFT_NO_DEVICE);
    }

    /**
     * {@return whether a failed allocation a message reports was of GPU memory (a CUDA or cuMem allocation, out of
     * memory), not of host memory}
     *
     * @param message the message of an allocation failure; null allowed
     */
    public static boolean allocatesGpuMemory(String message) {
        return holdsAny(message, GPU_MEMORY);
    }

    /**
     * {@return whether an aws-ofi-nccl message reports a request or completion that failed (the transfer, its peer),
     * not a setup call}
     *
     * @param message the message; null allowed
     */
    public static boolean ofiCompletionFailed(String message) {
        return holdsAny(message, OFI_COMPLETION);
    }

    /**
     * {@return whether a peer address as NCCL prints it ({@code 127.0.0.1<41234>}, {@code localhost<56086>},
     * {@code [::1]:29500}) names this node: localhost, 127.0.0.0/8 or ::1, with or without a port; false for null}
     *
     * @param peer the address; null allowed
     */
    public static boolean isLoopbackPeer(String peer) {
        if (peer == null) return false;
        String p = peer.startsWith("[") ? peer.substring(1) : peer;
        return p.equals("localhost") || p.startsWith("localhost<") || p.startsWith("localhost:") || p.startsWith("127.")
                || p.equals("::1") || p.startsWith("::1]") || p.startsWith("::1<");
    }

    /**
     * {@return whether an address was masked by whoever pasted the log ({@code 172....}, {@code 10.*.*.5},
     * {@code a.b.c.d}): no command can use it}
     *
     * @param address the address; null allowed
     */
    public static boolean isMaskedAddress(String address) {
        return address != null && (address.contains("..") || address.contains("*") || address.matches("[a-z](\\.[a-z])+\\d*"));
    }

    /**
     * {@return the message with each run of white space as one space and none at its ends, as it compares with a copy
     * of it: PyTorch's {@code Last error} repeats NCCL's last WARN message with its spacing changed; null for null}
     *
     * @param message the message; null allowed
     */
    public static String singleSpaced(String message) {
        if (message == null) return null;
        StringBuilder sb = new StringBuilder(message.length());
        boolean space = false;
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            if (Character.isWhitespace(c)) {
                space = sb.length() > 0;
            } else {
                if (space) sb.append(' ');
                space = false;
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Whether the message, in lower case, holds one of {@code words} (lower case). */
    private static boolean holdsAny(String message, String[] words) {
        if (message == null) return false;
        String l = message.toLowerCase(Locale.ROOT);
        for (String w : words) if (l.contains(w)) return true;
        return false;
    }

    private static boolean mayNameRdmaDevice(String message) {
        for (String literal : RDMA_DEVICE_LITERALS) if (message.contains(literal)) return true;
        return false;
    }
}

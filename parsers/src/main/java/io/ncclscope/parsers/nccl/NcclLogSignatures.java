package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.LauncherPrefix;

/**
 * Lines that make a text an NCCL log although they carry no {@code NCCL INFO}/{@code NCCL WARN} marker: what detection
 * and the scanner both recognise. Each layout cites the corpus file that pins it.
 */
final class NcclLogSignatures {

    private NcclLogSignatures() {
    }

    /**
     * {@return true for an NCCL line without the word NCCL as its marker} The unprefixed banner {@code NCCL version 2.26.2
     * compiled with CUDA 12.6} (the RAS client's report, corpus-more nccl-1911-1); the NET plugin's {@code INFO: Function:
     * ofi_init Line: 686: NET/OFI ...} (aws-ofi-nccl-22-1); a WARN whose host was left out or mangled, {@code
     * include/socket.h:344 WARN msg} (nccl-210-1) or {@code *server name* [0] include/socket.h:185 WARN msg} (nccl-111-1).
     *
     * @param line one line
     */
    static boolean isNcclLine(String line) {
        // read after a launcher's prefix: "[1,0]<stdout>:include/socket.h:344 WARN msg", srun's " 0: NCCL version"
        int p = new LauncherPrefix().end(line);
        if (line.startsWith("NCCL version ", p)) return true;
        int f = line.indexOf(": Function: ");
        if (f >= 4 && line.indexOf(" Line: ", f) > 0 && (line.startsWith("INFO", f - 4) || line.startsWith("WARN", f - 4))) {
            return true;
        }
        int k = line.indexOf(" WARN ");
        if (k <= 0) return false;
        int t = Math.max(p, line.lastIndexOf(' ', k - 1) + 1);
        if (!isSourceFileToken(line, t, k)) return false;
        String before = line.substring(p, t).strip();
        return before.isEmpty() || before.endsWith("]");
    }

    /**
     * {@return true for an error line that PyTorch's NCCL process group or an application's NCCL check prints} {@code
     * ProcessGroupNCCL.cpp:1771]} lines and {@code ProcessGroupNCCL::} frames (corpus-more sglang-20859-1,
     * llamafactory-8261-1), {@code torch.distributed.DistBackendError} (pytorch-131781-1), and the {@code NCCLCHECK}
     * macro's {@code NCCL failure file.cu:110 'unhandled system error'} (nccl-111-1).
     *
     * @param line one line
     */
    static boolean isFrameworkError(String line) {
        for (String text : FRAMEWORK_TEXTS) {
            if (line.contains(text)) return true;
        }
        return isNcclFailure(line);
    }

    /** The texts that make a line {@link #isFrameworkError an error line} alone; the NCCLCHECK line is {@link #isNcclFailure}'s. */
    static final String[] FRAMEWORK_TEXTS = {"ProcessGroupNCCL.cpp:", "ProcessGroupNCCL::", "DistBackendError"};
    /** What {@link #isNcclFailure} looks for first. */
    static final String NCCL_FAILURE = "NCCL failure ";

    /** The words {@link #isFrameworkError} looks for. */
    static final LineBigrams.Word[] FRAMEWORK_WORDS = words(frameworkWords());

    private static String[] frameworkWords() {
        String[] all = java.util.Arrays.copyOf(FRAMEWORK_TEXTS, FRAMEWORK_TEXTS.length + 1);
        all[FRAMEWORK_TEXTS.length] = NCCL_FAILURE;
        return all;
    }

    /**
     * {@return {@link #isFrameworkError(String)} of the line {@code bigrams} read} Each text is looked for through the
     * pairs: on a line whose pairs rule out every one, or with a chunk thread's word mask, most searches are skipped.
     */
    static boolean isFrameworkError(LineBigrams bigrams, String line) {
        for (int i = 0; i < FRAMEWORK_TEXTS.length; i++) {
            if (bigrams.indexOf(line, FRAMEWORK_WORDS[i], 0) >= 0) return true;
        }
        return bigrams.mayHold(FRAMEWORK_WORDS[FRAMEWORK_TEXTS.length]) && isNcclFailure(line);
    }

    /** What PyTorch's c10d key-value store (TCPStore) says when its connection to the store's host breaks. */
    private static final String[] STORE_PLACES = {"TCPStore", "store->get(", "store->set(", "store->wait(", "Did the remote server shutdown or crash",
        "[c10d] recvValue failed", "[c10d] sendBytes failed", "[c10d] recvBytes failed", "c10d key-value store"};
    private static final String[] LOST_PHRASES = {"Connection reset by peer", "Broken pipe", "got 0 bytes",
        "Connection was likely closed", "Connection closed by peer"};

    /** A line for which {@link #storeLost} is not null holds one of these. */
    static final LineBigrams.Word[] STORE_PLACE_WORDS = words(STORE_PLACES);

    /** {@return false when {@link #storeLost} is null for the line {@code bigrams} read; true when it may not be} */
    static boolean mayBeStoreLost(LineBigrams bigrams) {
        return mayHoldAny(bigrams, STORE_PLACE_WORDS);
    }

    static LineBigrams.Word[] words(String[] texts) {
        LineBigrams.Word[] out = new LineBigrams.Word[texts.length];
        for (int i = 0; i < texts.length; i++) out[i] = new LineBigrams.Word(texts[i]);
        return out;
    }

    private static boolean mayHoldAny(LineBigrams bigrams, LineBigrams.Word[] words) {
        for (LineBigrams.Word w : words) {
            if (bigrams.mayHold(w)) return true;
        }
        return false;
    }

    /**
     * {@return the phrase saying the connection broke, when {@code line} is PyTorch's c10d store losing its server}
     * ({@code [c10d] recvValue failed on SocketImpl(... remote=[host]:20000): Connection reset by peer}, {@code
     * store->get('0') got error: Connection reset by peer}, {@code Failed to check the "should dump" flag on TCPStore
     * ... Connection reset by peer}: corpus-more sglang-20859-1, pytorch-131781-1); null otherwise. A refused connect is
     * not one: the client retries it while the server starts.
     *
     * @param line one line
     * @param from where the message starts
     */
    static String storeLost(String line, int from) {
        boolean store = false;
        for (String p : STORE_PLACES) {
            if (line.indexOf(p, from) >= 0) {
                store = true;
                break;
            }
        }
        if (!store) return null;
        for (String p : LOST_PHRASES) {
            if (line.indexOf(p, from) >= 0) return p;
        }
        return null;
    }

    /**
     * What PyTorch's c10d store prints when it cannot be set up (torch/csrc/distributed/c10d/socket.cpp, TCPStore.cpp,
     * torch/distributed/distributed_c10d.py): a client socket that timed out or failed to connect, a server socket
     * that failed to bind or listen, the store client giving up or retrying, the store waiting in vain for its ranks.
     */
    static final String[] STORE_SETUP_TEXTS = {"The client socket has ", "The server socket has ",
        "TCP client failed to connect", "seconds waiting for clients", "in store based barrier"};

    /** A line for which {@link #isStoreSetup} is true holds one of these. */
    static final LineBigrams.Word[] STORE_SETUP_WORDS = words(STORE_SETUP_TEXTS);

    /** {@return false when {@link #isStoreSetup} is false for the line {@code bigrams} read; true when it may not be} */
    static boolean mayBeStoreSetup(LineBigrams bigrams) {
        return mayHoldAny(bigrams, STORE_SETUP_WORDS);
    }

    /**
     * {@return true when {@code line} is PyTorch's c10d store failing to be set up} ({@code [c10d] The client
     * socket has timed out after 1800s while trying to connect to (node0, 29500).}, {@code DistNetworkError: The
     * server socket has failed to listen on any local network address. ...}); what the message means is the message
     * catalogue's to say.
     *
     * @param line one line
     * @param from where the message starts
     */
    static boolean isStoreSetup(String line, int from) {
        for (String t : STORE_SETUP_TEXTS) {
            if (line.indexOf(t, from) >= 0) return true;
        }
        return false;
    }

    /** {@return true for {@code NCCL failure file.cu:110 'reason'}, the NCCLCHECK macro's report} */
    static boolean isNcclFailure(String line) {
        int k = line.indexOf(NCCL_FAILURE);
        return k >= 0 && line.indexOf('\'', k) > 0;
    }

    /** {@code path/file.ext:123}: a source file and line, not a clock time such as {@code 10:00:41}. */
    static boolean isSourceFileToken(String s, int from, int to) {
        int colon = s.lastIndexOf(':', to - 1);
        if (colon <= from || colon + 1 >= to) return false;
        for (int i = colon + 1; i < to; i++) {
            if (!Character.isDigit(s.charAt(i))) return false;
        }
        int dot = s.lastIndexOf('.', colon);
        return dot > from && dot + 1 < colon && Character.isLetter(s.charAt(dot + 1));
    }
}

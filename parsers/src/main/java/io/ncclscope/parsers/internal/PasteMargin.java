package io.ncclscope.parsers.internal;

/**
 * The margin a paste puts in front of every line of a tool's output, and the text without it. A margin is one of:
 *
 * <ul>
 *   <li>a quote, {@code "> "} (e-mail, GitHub; a blank quoted line is {@code ">"});</li>
 *   <li>a Markdown indented code block's four spaces;</li>
 *   <li>one process's launcher prefix, as {@link LauncherPrefix} reads it, the same on every line: pdsh's
 *       {@code node1: } ({@code node1:} alone on a blank line), {@code srun --label}'s {@code 0: }, an mpirun tag.</li>
 * </ul>
 *
 * <p>Every line that is not blank carries it, except the lines a person or a fleet tool adds around an output: a shell
 * prompt's command line, a Markdown fence, clush's gathered header ({@code ---------------} and the node set) and
 * ansible's {@code node1 | CHANGED | rc=0 >>}. A quote of a fleet tool's output has two margins; up to
 * {@link #MAX_DEPTH} are cut.
 *
 * <p>A table's own indentation is not a margin unless every line has it: {@code nvidia-smi topo -m}'s rows start with
 * {@code GPU0}, ibstat's {@code CA 'mlx5_0'} and lspci's {@code -[0000:00]-} at column 0. Only the start of each line is
 * read, and the walk stops at the first line without the margin (most texts: the first or second line). Lines keep
 * their numbers: a fact parsed from the text without its margin has the line number of the pasted text.
 */
public final class PasteMargin {

    /** Most margins cut, one inside the other (a quote of pdsh's output: {@code > node1: }). */
    static final int MAX_DEPTH = 3;

    private static final String QUOTE = "> ";
    private static final String INDENT = "    ";

    private PasteMargin() {
    }

    /**
     * {@return {@code text} without its margins, or {@code text} itself (the same String) when it has none}
     *
     * @param text a whole input
     */
    public static String strip(String text) {
        return strip(text, false);
    }

    /**
     * {@return {@code text} without the quotes and indented-block margins a person's paste put around it, or
     * {@code text} itself (the same String) when it has none}: a launcher's prefix under them stays, for a reader that
     * reads each line's prefix itself (the NCCL log's and nccl-tests', which take the host or rank it names).
     *
     * @param text a whole input
     */
    public static String stripQuotes(String text) {
        return strip(text, true);
    }

    /** Cuts margin after margin, outermost first, up to {@link #MAX_DEPTH}; with {@code quotesOnly} a quote or an indent only. */
    private static String strip(String text, boolean quotesOnly) {
        String out = text;
        for (int depth = 0; depth < MAX_DEPTH; depth++) {
            String margin = of(out);
            if (margin == null || quotesOnly && !margin.equals(QUOTE) && !margin.equals(INDENT)) break;
            out = cut(out, margin);
        }
        return out;
    }

    /** {@return the margin every line of {@code text} carries, or null when there is none} */
    static String of(String text) {
        LauncherPrefix launcher = new LauncherPrefix();
        String margin = null;
        int carried = 0;
        boolean prompted = false; // a prompt or fence before the output: a person pasted a command and what it printed
        int n = text.length();
        for (int from = 0; from < n; ) {
            int nl = text.indexOf('\n', from);
            int end = nl < 0 ? n : nl;
            if (end > from && text.charAt(end - 1) == '\r') end--;
            if (!isBlank(text, from, end)) {
                if (margin != null && carries(text, from, end, margin)) {
                    carried++;
                } else if (isAddedLine(text.substring(from, end))) {
                    prompted |= margin == null;
                } else {
                    if (margin != null) return null;
                    margin = candidate(text.substring(from, end), launcher);
                    if (margin == null) return null;
                    carried++;
                }
            }
            from = nl < 0 ? n : nl + 1;
        }
        // a launcher's prefix on one line may be the line's own "eth0: " or "2: ": two lines make it a margin, or one
        // line under the prompt that printed it (srun --label's "0: GPU 0: NVIDIA H200 (UUID: ...)" of a one-GPU node)
        boolean own = margin == null || margin.equals(QUOTE) || margin.equals(INDENT);
        return carried > (own || prompted ? 0 : 1) ? margin : null;
    }

    /** The margin that {@code line}, the output's first (no line a person or tool added), opens with, or null. */
    private static String candidate(String line, LauncherPrefix launcher) {
        if (line.startsWith(QUOTE) || line.equals(">")) return QUOTE;
        if (line.startsWith(INDENT)) return isLineCounter(line) ? null : INDENT;
        int end = launcher.firstEnd(line);
        // one process's prefix that ends in ": " (pdsh's host, srun's task, torchrun's and mpirun's tags); a timestamp
        // changes from line to line and is no margin
        if (end < 3 || launcher.process == 0 || line.charAt(end - 1) != ' ' || line.charAt(end - 2) != ':') return null;
        // "2: eth0    inet 10.0.0.1/24": ip -o addr's interface index, the same on each of an interface's lines
        if (launcher.rank != LauncherPrefix.NO_RANK && isIpOneLine(line, end)) return null;
        return line.substring(0, end);
    }

    /**
     * Whether {@code line} opens with {@code cat -n}'s counter (blanks, the line's number, a tab): right-justified in six
     * columns, it starts every line with blanks, but it is the launcher reader's to read, not an indented block.
     */
    private static boolean isLineCounter(String line) {
        int i = 0;
        int n = line.length();
        while (i < n && line.charAt(i) == ' ') i++;
        int digits = i;
        while (i < n && Digits.isDigit(line.charAt(i))) i++;
        return i > digits && i < n && line.charAt(i) == '\t';
    }

    /** Whether {@code line} from {@code i} is the rest of an {@code ip -o} line: an interface name, blanks, {@code inet} or {@code link/}. */
    private static boolean isIpOneLine(String line, int i) {
        int n = line.length();
        while (i < n && !Whitespace.is(line.charAt(i))) i++;
        int word = i;
        while (i < n && Whitespace.is(line.charAt(i))) i++;
        // ip -o addr's "inet"/"link/" after the name; ip -o link's "<BROADCAST,...>" after "eth0:"
        return i > word && (line.startsWith("inet", i) || line.startsWith("link/", i) || line.startsWith("<", i));
    }

    /** Whether {@code text[from, end)} opens with {@code margin}, or is the margin of a blank line ({@code ">"}, {@code "node1:"}). */
    private static boolean carries(String text, int from, int end, String margin) {
        if (text.startsWith(margin, from) && end - from >= margin.length()) return true;
        int stripped = margin.length() - 1; // the margin without its last blank, alone on its line
        return stripped > 0 && end - from == stripped && margin.charAt(stripped) == ' ' && text.startsWith(margin.substring(0, stripped), from)
                && !margin.equals(INDENT);
    }

    /**
     * A line a person or a fleet tool adds around an output: a shell prompt's command line, a Markdown fence, clush's
     * header block ({@code ---------------}, then the node set), ansible's {@code host | CHANGED | rc=0 >>}.
     */
    private static boolean isAddedLine(String line) {
        String t = line.strip();
        if (Paste.isPromptOrFence(t)) return true;
        if (t.length() == 15 && t.chars().allMatch(c -> c == '-')) return true;
        return t.endsWith(" >>") && t.contains(" | rc=");
    }

    private static boolean isBlank(String text, int from, int end) {
        for (int k = from; k < end; k++) {
            if (!Whitespace.is(text.charAt(k))) return false;
        }
        return true;
    }

    /** {@code text} with {@code margin} cut from every line that carries it; line ends kept. */
    private static String cut(String text, String margin) {
        StringBuilder out = new StringBuilder(text.length());
        int n = text.length();
        for (int from = 0; from < n; ) {
            int nl = text.indexOf('\n', from);
            int next = nl < 0 ? n : nl + 1;
            int end = nl < 0 ? n : nl;
            if (end > from && text.charAt(end - 1) == '\r') end--;
            if (text.startsWith(margin, from) && end - from >= margin.length()) {
                out.append(text, from + margin.length(), next);
            } else if (carries(text, from, end, margin)) {
                out.append(text, end, next); // a blank line's margin: the line end only
            } else {
                out.append(text, from, next);
            }
            from = next;
        }
        return out.toString();
    }
}

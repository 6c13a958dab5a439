package io.ncclscope.parsers;

import io.ncclscope.parsers.internal.Digits;
import io.ncclscope.parsers.internal.Paste;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The output of one command run on several nodes by a fleet tool, cut into each node's part. The shapes, each as its
 * tool prints it:
 *
 * <ul>
 *   <li>pdsh, and clush without {@code -b}: every line {@code "%s: %s"}, the host then the line
 *       ({@code gpu-node07: CA 'mlx5_0'}), the nodes' lines interleaved as they arrive;</li>
 *   <li>dshbak {@code -c} and clush {@code -b}: a header of a dash line, the node set, a dash line
 *       ({@code node[01-07] (7)} in clush, whose {@code (7)} counts the nodes), then the output those nodes printed
 *       alike;</li>
 *   <li>ansible's ad-hoc output: {@code node1 | CHANGED | rc=0 >>} ({@code FAILED}, {@code SUCCESS}), then the output;
 *       <code>node3 | UNREACHABLE! =&gt; &#123;</code>, then ansible's JSON about the host it could not reach.</li>
 * </ul>
 *
 * <p>The fleet tool's own lines are read and dropped: pdsh's {@code pdsh@login1: node3: ssh exited with exit code 255}
 * and clush's {@code clush: node3: exited with exit code 1} name a node, not its output. A shell prompt's command line
 * or a Markdown fence stays in every part (a prompt names the command, which the split's reader uses to know the
 * output). A text in which any other line is outside every node's part is not a fleet output: the split answers no
 * part, and the text is read as one output.
 *
 * <p>A host is what pdsh prints: a name of letters, digits, {@code .}, {@code -} and {@code _} with a digit in it
 * (as the NCCL log reader reads pdsh's prefix: {@code RuntimeError: } is no host), and not all digits
 * ({@code srun --label}'s {@code 3: } is a task, {@code ip -o}'s {@code 2: } an interface index). A kernel component's
 * name ({@code nvidia-nvswitch0: SXid ...}, {@code mlx5_core: ...}) is no host either: a dmesg without times prints
 * those at the start of its lines. One line with one such prefix may be the line's own {@code key1: value}: it is a
 * fleet output only under a prompt that ran pdsh or clush.
 *
 * <p>A part is the node's lines alone, one after the other as the node printed them (pdsh interleaves the nodes' lines
 * as they arrive; a dmesg continuation line or an nvbandwidth matrix row must follow the line before it), without
 * pdsh's prefix, with the shell prompt's and fence lines around them. {@link Part#lineNumber(int)} tells which line of
 * the pasted text each of its lines is, so a finding on a part quotes the pasted text's own line. Parse a part's
 * {@link Part#text()} as a tool's output ({@link Parsers#parseEach(String)}); the NCCL family's readers read pdsh's
 * prefix and the hosts a job's lines name themselves, so a caller reads an NCCL log or nccl-tests output whole.
 */
public final class FleetOutputs {

    /** Most nodes one text is cut for; a node set larger than this reads as no fleet output. */
    static final int MAX_HOSTS = 1024;

    /** The start of kernel components' names, which dmesg prints before a colon where pdsh prints a host. */
    private static final List<String> KERNEL_NAMES = List.of("nvidia", "nvrm", "mlx4", "mlx5", "pcieport", "ib_", "rdma",
            "bnxt", "irdma", "efa", "ixgbe", "i40e", "ice", "nvme", "xhci", "ahci", "usb");

    private FleetOutputs() {
    }

    /** One node's part of a fleet output: its lines, and where each is in the pasted text. */
    public static final class Part {
        private final String host;
        private final List<String> lines;
        private final int[] lineNumbers;

        Part(String host, List<String> lines, int[] lineNumbers) {
            this.host = host;
            this.lines = List.copyOf(lines);
            this.lineNumbers = lineNumbers.clone();
        }

        /** {@return the node, as the fleet tool named it} */
        public String host() {
            return host;
        }

        /** {@return the node's lines (pdsh's prefix cut), with the prompt and fence lines around them, in order} */
        public List<String> lines() {
            return lines;
        }

        /** {@return the part's lines as one text, each ended by a newline} */
        public String text() {
            StringBuilder sb = new StringBuilder();
            for (String l : lines) sb.append(l).append('\n');
            return sb.toString();
        }

        /**
         * {@return the 1-based line of the pasted text that is line {@code n} of this part; {@code n} itself when it is
         * not a line of the part}
         *
         * @param n a 1-based line of {@link #text()}
         */
        public int lineNumber(int n) {
            return n >= 1 && n <= lineNumbers.length ? lineNumbers[n - 1] : n;
        }

        @Override
        public String toString() {
            return host + " (" + lines.size() + " lines)";
        }
    }

    /** A line that is in every part: a prompt's command line, a fence. */
    private static final Set<String> SHARED = new HashSet<>();

    /**
     * One tool output a node's part holds, read.
     *
     * @param part   the node's part
     * @param result what its parse read
     */
    public record NodeOutput(Part part, ParseResult<?> result) {

        /**
         * Checks the components.
         *
         * @param part   the node's part
         * @param result what its parse read
         * @throws NullPointerException when one is null
         */
        public NodeOutput {
            java.util.Objects.requireNonNull(part, "part");
            java.util.Objects.requireNonNull(result, "result");
        }

        /** {@return the node, as the fleet tool named it} */
        public String host() {
            return part.host();
        }
    }

    /**
     * {@return the tool outputs of each node's part of {@code text}, read ({@link Parsers#parseEach(String,
     * ParseLimits)}), nodes in the order they first appear; empty when {@code text} is not a fleet tool's output, is
     * {@link Parsers#HEAD_CHARS} long or longer (an output that size is read as one, as it streams), when no part holds
     * a known tool output, or when a part holds an NCCL log or nccl-tests output: their readers read pdsh's prefix and
     * the hosts a job's lines name themselves, so such a text is read whole}
     *
     * @param text   a whole input
     * @param limits the bounds of each part's parse
     */
    public static List<NodeOutput> parse(String text, ParseLimits limits) {
        if (text.length() >= Parsers.HEAD_CHARS) return List.of();
        List<NodeOutput> out = new ArrayList<>();
        boolean known = false;
        for (Part part : split(text)) {
            for (ParseResult<?> r : Parsers.parseEach(part.text(), limits)) {
                if (r.kind() == Kind.NCCL_LOG || r.kind() == Kind.NCCL_TESTS) return List.of();
                known |= r.kind() != Kind.UNKNOWN;
                out.add(new NodeOutput(part, r));
            }
        }
        return known ? out : List.of();
    }

    /**
     * {@return each node's part of {@code text}, in the order the nodes first appear; empty when {@code text} is not a
     * fleet tool's output}
     *
     * @param text a whole input
     */
    public static List<Part> split(String text) {
        if (!opensLikeFleet(text)) return List.of(); // most texts: their first line says so, before any copy
        List<String> lines = lines(text);
        // Each line's nodes: SHARED for a prompt or fence, null for a line of none (blank, a header, the tool's own)
        List<Set<String>> owners = new ArrayList<>(lines.size());
        Set<String> hosts = new LinkedHashSet<>();
        String[] content = new String[lines.size()]; // a pdsh line without its prefix
        int prefixed = 0;
        boolean blocks = false;
        Set<String> current = null; // the nodes of the block being read (dshbak, clush -b, ansible)
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String t = line.strip();
            owners.add(null);
            if (isDashes(t) && i + 2 < lines.size() && isDashes(lines.get(i + 2).strip())) {
                List<String> set = nodeSet(lines.get(i + 1).strip());
                if (set == null || prefixed > 0) return List.of();
                current = new LinkedHashSet<>(set);
                blocks = true;
                owners.add(null);
                owners.add(null);
                i += 2;
                continue;
            }
            String ansible = t.isEmpty() ? null : ansibleHost(t);
            if (ansible != null) {
                if (prefixed > 0) return List.of();
                current = Set.of(ansible);
                blocks = true;
                continue;
            }
            if (t.isEmpty()) {
                if (blocks && current != null) owners.set(i, current); // a blank line of the block's output
                continue;
            }
            if (isToolLine(t)) continue;
            if (Paste.isPromptOrFence(t)) {
                owners.set(i, SHARED);
                continue;
            }
            if (blocks) {
                if (current == null) return List.of();
                owners.set(i, current);
            } else {
                int colon = hostEnd(line);
                if (colon < 0) return List.of();
                int from = colon + 1;
                if (from < line.length() && line.charAt(from) == ' ') from++;
                content[i] = line.substring(from);
                owners.set(i, Set.of(line.substring(0, colon)));
                prefixed++;
            }
            for (String h : owners.get(i)) {
                if (hosts.size() == MAX_HOSTS && !hosts.contains(h)) return List.of();
                hosts.add(h);
            }
        }
        // pdsh's prefix on one host's one line may be the line's own "key1: value": two lines, two hosts or a prompt
        // that ran pdsh or clush make it a fleet output
        if (hosts.isEmpty() || prefixed == 1 && !fleetPrompt(lines, owners)) return List.of();
        List<Part> out = new ArrayList<>(hosts.size());
        for (String host : hosts) {
            List<String> own = new ArrayList<>();
            int[] numbers = new int[lines.size()];
            for (int i = 0; i < lines.size(); i++) {
                Set<String> o = owners.get(i);
                if (o == null || o != SHARED && !o.contains(host)) continue;
                numbers[own.size()] = i + 1;
                own.add(content[i] != null ? content[i] : lines.get(i));
            }
            out.add(new Part(host, own, Arrays.copyOf(numbers, own.size())));
        }
        return out;
    }

    /**
     * Whether the first line of {@code text} that is no prompt, fence or blank opens as a fleet output's line does:
     * a pdsh host, a gathered header's dashes, an ansible header, a fleet tool's own line.
     */
    private static boolean opensLikeFleet(String text) {
        int n = text.length();
        for (int from = 0; from < n; ) {
            int nl = text.indexOf('\n', from);
            int end = nl < 0 ? n : nl;
            String t = text.substring(from, end).strip();
            if (!t.isEmpty() && !Paste.isPromptOrFence(t)) {
                return isDashes(t) || ansibleHost(t) != null || isToolLine(t) || hostEnd(t) > 0;
            }
            from = nl < 0 ? n : nl + 1;
        }
        return false;
    }

    /** The lines of {@code text}, each without its line end. */
    private static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        int n = text.length();
        for (int from = 0; from < n; ) {
            int nl = text.indexOf('\n', from);
            int end = nl < 0 ? n : nl;
            int cut = end > from && text.charAt(end - 1) == '\r' ? end - 1 : end;
            out.add(text.substring(from, cut));
            from = nl < 0 ? n : nl + 1;
        }
        return out;
    }

    /**
     * Where pdsh's host ends in {@code line} (the colon after it), or -1 when the line does not open with a host and
     * {@code ": "} (or a host and a colon alone: a blank line of its output).
     */
    static int hostEnd(String line) {
        int n = line.length();
        int i = 0;
        boolean digit = false;
        boolean other = false;
        while (i < n) {
            char c = line.charAt(i);
            if (Digits.isDigit(c)) {
                digit = true;
            } else if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_' || c == '.') {
                other = true;
            } else {
                break;
            }
            i++;
        }
        if (i == 0 || i >= n || line.charAt(i) != ':' || !digit || !other) return -1;
        if (i + 1 < n && line.charAt(i + 1) != ' ') return -1;
        char first = line.charAt(0);
        if (first == '-' || first == '.' || first == '_') return -1;
        String name = line.substring(0, i).toLowerCase(Locale.ROOT);
        for (String k : KERNEL_NAMES) {
            if (name.startsWith(k)) return -1;
        }
        return i;
    }

    /** Whether a prompt line of {@code lines} runs pdsh or clush ({@code $ pdsh -w node1 nvidia-smi -L}). */
    private static boolean fleetPrompt(List<String> lines, List<Set<String>> owners) {
        for (int i = 0; i < lines.size(); i++) {
            if (owners.get(i) != SHARED) continue;
            String t = lines.get(i).strip();
            String command = Paste.afterPrompt(t);
            if (command == null && t.indexOf(' ') > 0) command = t.substring(t.indexOf(' ') + 1); // user@host:~$ pdsh ...
            if (command != null && (command.stripLeading().startsWith("pdsh ") || command.stripLeading().startsWith("clush "))) return true;
        }
        return false;
    }

    /** A dash line of a gathered header: dshbak's 16 dashes, clush's 15. */
    private static boolean isDashes(String t) {
        if (t.length() < 10 || t.length() > 80) return false;
        for (int k = 0; k < t.length(); k++) {
            if (t.charAt(k) != '-') return false;
        }
        return true;
    }

    /**
     * ansible's header of a host's block, the host, or null when {@code t} is none: the command module's
     * {@code node1 | CHANGED | rc=0 >>} ({@code FAILED}, {@code SUCCESS}), and the JSON result's <code>node3 |
     * UNREACHABLE! =&gt; &#123;</code> (<code>FAILED! =&gt; &#123;</code>): a host ansible could not reach or run on, whose block is no tool's
     * output.
     */
    private static String ansibleHost(String t) {
        int bar = t.indexOf(" | ");
        if (bar <= 0) return null;
        boolean command = t.endsWith(" >>") && t.contains(" | rc=");
        boolean json = t.endsWith(" => {") && t.indexOf(" | ", bar + 3) < 0;
        if (!command && !json) return null;
        String host = t.substring(0, bar);
        return host.indexOf(' ') < 0 ? host : null;
    }

    /** A line the fleet tool prints about a node, not the node's output: {@code pdsh@login1: ...}, {@code clush: ...}. */
    private static boolean isToolLine(String t) {
        return t.startsWith("pdsh@") || t.startsWith("clush: ");
    }

    /**
     * The nodes of a node set as dshbak and clush print it: {@code node1}, {@code node[01-07,09]}, {@code a1,b[1-2]},
     * clush's count after it ({@code (8)}); null when {@code t} is no node set or names more than {@link #MAX_HOSTS}.
     */
    static List<String> nodeSet(String t) {
        String s = t;
        int count = s.lastIndexOf(" (");
        if (count > 0 && s.endsWith(")")) s = s.substring(0, count);
        if (s.isEmpty() || s.indexOf(' ') >= 0) return null;
        List<String> out = new ArrayList<>();
        int depth = 0;
        int from = 0;
        for (int k = 0; k <= s.length(); k++) {
            char c = k < s.length() ? s.charAt(k) : ',';
            if (c == '[') depth++;
            if (c == ']') depth--;
            if (c == ',' && depth == 0) {
                if (!expand(s.substring(from, k), out)) return null;
                from = k + 1;
            }
        }
        return out.isEmpty() || Set.copyOf(out).size() != out.size() ? null : out;
    }

    /** Adds the nodes of one item of a node set, {@code node[01-03,07]} or {@code node1}; false when it is none. */
    private static boolean expand(String item, List<String> out) {
        int open = item.indexOf('[');
        if (open < 0) {
            if (item.isEmpty() || !isName(item)) return false;
            out.add(item);
            return out.size() <= MAX_HOSTS;
        }
        int close = item.indexOf(']', open);
        if (close < 0 || item.indexOf('[', close) >= 0) return false;
        String head = item.substring(0, open);
        String tail = item.substring(close + 1);
        if (!isName(head + "0" + tail)) return false;
        for (String range : item.substring(open + 1, close).split(",", -1)) {
            int dash = range.indexOf('-');
            String lo = dash < 0 ? range : range.substring(0, dash);
            String hi = dash < 0 ? range : range.substring(dash + 1);
            if (lo.isEmpty() || hi.isEmpty() || lo.length() > 9 || hi.length() > 9 || !Digits.allDigits(lo, 0, lo.length()) || !Digits.allDigits(hi, 0, hi.length())) return false;
            int a = Integer.parseInt(lo);
            int b = Integer.parseInt(hi);
            if (b < a || b - a >= MAX_HOSTS) return false;
            for (int v = a; v <= b; v++) {
                String num = Integer.toString(v);
                while (num.length() < lo.length()) num = "0" + num; // node[01-10]: the width of the lower bound
                out.add(head + num + tail);
                if (out.size() > MAX_HOSTS) return false;
            }
        }
        return true;
    }

    /** A host name's characters only. */
    private static boolean isName(String s) {
        if (s.isEmpty()) return false;
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            if (!(Digits.isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '_' || c == '.')) return false;
        }
        return true;
    }
}

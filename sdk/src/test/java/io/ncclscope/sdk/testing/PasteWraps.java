package io.ncclscope.sdk.testing;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ways people paste a hardware tool's output into an issue, a chat, a wiki or a fleet tool's terminal, each in the
 * shape the medium or tool prints it:
 *
 * <ul>
 *   <li>Markdown: a code fence around it ({@code ```} and {@code ```text}), with the shell prompt and command before
 *       the output ({@code $ nvidia-smi topo -m}, {@code root@node1:~# ibstat}); an indented code block (every line
 *       indented by four spaces; a blank line stays blank, as CommonMark allows);</li>
 *   <li>a quote, e-mail's and GitHub's {@code > } before every line ({@code >} alone on a blank line);</li>
 *   <li>CRLF line ends; trailing whitespace stripped from every line (editors and chat clients do); tabs turned into
 *       spaces to the next multiple of 8 columns, as a terminal shows them and a copy from it gives them;</li>
 *   <li>ANSI colour where the tool prints it: {@code dmesg --color=always} (util-linux: the timestamp green
 *       {@code ESC[32m}, the subsystem prefix before {@code ": "} brown {@code ESC[33m}) and {@code ip -c link}
 *       (iproute2: interface names cyan {@code ESC[36m}, link addresses yellow {@code ESC[33m}, {@code UP} green and
 *       {@code DOWN} red);</li>
 *   <li>fleet tools: {@code pdsh -w node1 CMD} ({@code "node1: "} before every line, pdsh's {@code "%s: %s"}),
 *       {@code clush -b -w node1 CMD} (ClusterShell's gathered header block: 15 dashes, the node set, 15 dashes),
 *       {@code ansible node1 -a CMD} (the ad-hoc minimal callback's {@code node1 | CHANGED | rc=0 >>} line), and
 *       {@code srun --label} / {@code kubectl exec} through {@code srun}: {@code "0: "} (one task: width 1);</li>
 *   <li>kernel logs read another way, only where the file is plain {@code dmesg} (every non-blank line opens with
 *       {@code [seconds.micros] }), so the transform is exact: {@code dmesg -T} ({@code [Sun Dec  6 02:59:10 2026] }),
 *       {@code journalctl -k} ({@code Dec 06 02:59:10 node1 kernel: }) and {@code journalctl -k -o short-iso}
 *       ({@code 2026-12-06T02:59:10+00:00 node1 kernel: }). The boot time is fixed; the seconds are added to it.</li>
 * </ul>
 *
 * <p>A shell prompt's line in the file ({@code $ ibstat}) is what the user typed: the line-prefixing wraps leave it as it
 * is, a prompt wrap shows its own prompt before the file's command, and a fleet tool's wrap puts its own command before
 * the file's ({@code $ pdsh -w node1 ibstat}).
 *
 * <p>Left out: runs of spaces turned into a tab (no terminal, browser or wiki copy does it: {@code unexpand} would, and
 * nobody pastes through it), and {@code dmesg -T} or {@code journalctl} where the file is not plain {@code dmesg} (a
 * line already read another way, or with no timestamp, has no exact transform).
 */
public enum PasteWraps {
    FENCE(PasteWraps::fence),
    FENCE_TEXT_WITH_PROMPT(null),
    ROOT_PROMPT(null),
    INDENTED_CODE_BLOCK(t -> eachLine(t, l -> l.isEmpty() ? l : "    " + l)),
    QUOTED(t -> eachLine(t, l -> l.isEmpty() ? ">" : "> " + l)),
    CRLF(t -> t.replace("\r\n", "\n").replace("\n", "\r\n")),
    TRAILING_WHITESPACE_STRIPPED(t -> eachLine(t, PasteWraps::stripTrailing)),
    TABS_EXPANDED(t -> eachLine(t, PasteWraps::expandTabs)),
    DMESG_COLOUR(t -> eachLine(t, PasteWraps::dmesgColour)),
    IP_COLOUR(t -> eachLine(t, PasteWraps::ipColour)),
    PDSH(null),
    CLUSH_GATHERED(null),
    ANSIBLE_AD_HOC(null),
    SRUN_LABEL(t -> eachLine(t, l -> isPrompt(l) ? l : "0: " + l)),
    DMESG_T(t -> kernelLog(t, Format.CTIME)),
    JOURNALCTL_K(t -> kernelLog(t, Format.SHORT)),
    JOURNALCTL_K_SHORT_ISO(t -> kernelLog(t, Format.SHORT_ISO));

    /** The host that a host-naming wrap (pdsh, clush, ansible, journalctl) names. */
    public static final String HOST = "node1";

    private final UnaryOperator<String> plain;

    PasteWraps(UnaryOperator<String> plain) {
        this.plain = plain;
    }

    /**
     * {@return whether this wrap is one a tool or medium can give {@code text}} The colour wraps apply to their own tool's
     * output, the kernel time formats to a plain {@code dmesg} file only, the tab expansion to a text with a tab in it.
     *
     * @param text     the file
     * @param manifest the corpus manifest's kind of the file ({@code dmesg}, {@code iplink}...)
     */
    public boolean appliesTo(String text, String manifest) {
        return switch (this) {
            case DMESG_COLOUR -> manifest.equals("dmesg") && text.lines().anyMatch(l -> KERNEL_TIME.matcher(l).lookingAt());
            case IP_COLOUR -> manifest.equals("iplink") && text.lines().anyMatch(l -> IP_LINK.matcher(l).lookingAt());
            case DMESG_T, JOURNALCTL_K, JOURNALCTL_K_SHORT_ISO -> manifest.equals("dmesg") && isPlainDmesg(text);
            case TABS_EXPANDED -> text.indexOf('\t') >= 0;
            default -> true;
        };
    }

    /**
     * {@return {@code text} pasted this way}
     *
     * @param text    the tool's output, as the corpus holds it
     * @param command the command that printed it, for the prompt lines ({@code nvidia-smi topo -m})
     */
    public String wrap(String text, String command) {
        return switch (this) {
            case FENCE_TEXT_WITH_PROMPT -> "```text\n" + withPrompt(text, "$ ", command) + closeFence(text);
            case ROOT_PROMPT -> withPrompt(text, "root@node1:~# ", command);
            case PDSH -> fleet(text, "pdsh -w " + HOST + " %s", command, l -> HOST + ": " + l, "");
            case CLUSH_GATHERED -> fleet(text, "clush -b -w " + HOST + " %s", command, l -> l,
                    "---------------\n" + HOST + "\n---------------\n");
            case ANSIBLE_AD_HOC -> fleet(text, "ansible " + HOST + " -a '%s'", command, l -> l, HOST + " | CHANGED | rc=0 >>\n");
            default -> plain.apply(text);
        };
    }

    private static String fence(String text) {
        return "```\n" + text + closeFence(text);
    }

    private static String closeFence(String text) {
        return (text.endsWith("\n") ? "" : "\n") + "```\n";
    }

    /** The text with {@code prompt + command} as its first line; where it opens with a prompt, its command after this one. */
    private static String withPrompt(String text, String prompt, String command) {
        return firstLineIsPrompt(text) ? prompt + text.substring(promptEnd(text)) : prompt + command + "\n" + text;
    }

    /**
     * A fleet tool's output: its command line ({@code commandLine} with the command in it: {@code $ pdsh -w node1
     * ibstat}, the file's own command where it opens with a prompt), a header, then every line of the output through
     * {@code line} (a prompt line inside stays as it is).
     */
    private static String fleet(String text, String commandLine, String command, UnaryOperator<String> line, String header) {
        String body = text;
        String cmd = command;
        if (firstLineIsPrompt(text)) {
            int nl = text.indexOf('\n');
            String first = nl < 0 ? text : text.substring(0, nl);
            cmd = first.substring(promptEnd(first));
            body = nl < 0 ? "" : text.substring(nl + 1);
        }
        return "$ " + commandLine.replace("%s", cmd) + "\n" + header + eachLine(body, l -> isPrompt(l) ? l : line.apply(l));
    }

    private static final Pattern PROMPT = Pattern.compile("^(?:\\$ |[\\w.-]+@[\\w.-]+:\\S*[$#] |\\[[^\\]]{1,80}\\][$#] )");

    private static boolean isPrompt(String line) {
        return PROMPT.matcher(line).lookingAt();
    }

    private static int promptEnd(String line) {
        Matcher m = PROMPT.matcher(line);
        return m.lookingAt() ? m.end() : 0;
    }

    private static boolean firstLineIsPrompt(String text) {
        return isPrompt(text);
    }

    /** Applies {@code f} to every line of {@code text} (without its line end); keeps the line ends and the last one's absence. */
    static String eachLine(String text, UnaryOperator<String> f) {
        StringBuilder out = new StringBuilder(text.length() + text.length() / 4 + 16);
        int from = 0;
        while (from < text.length()) {
            int nl = text.indexOf('\n', from);
            int end = nl < 0 ? text.length() : nl;
            boolean cr = end > from && text.charAt(end - 1) == '\r';
            out.append(f.apply(text.substring(from, cr ? end - 1 : end)));
            if (cr) out.append('\r');
            if (nl >= 0) out.append('\n');
            from = end + 1;
        }
        return out.toString();
    }

    private static String stripTrailing(String line) {
        int e = line.length();
        while (e > 0 && (line.charAt(e - 1) == ' ' || line.charAt(e - 1) == '\t')) e--;
        return line.substring(0, e);
    }

    private static String expandTabs(String line) {
        if (line.indexOf('\t') < 0) return line;
        StringBuilder sb = new StringBuilder(line.length() + 16);
        int col = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\t') {
                do {
                    sb.append(' ');
                    col++;
                } while (col % 8 != 0);
            } else if (c == '\u001b') {
                // an escape sequence takes no column
                int j = i + 1;
                if (j < line.length() && line.charAt(j) == '[') {
                    j++;
                    while (j < line.length() && !(line.charAt(j) >= 0x40 && line.charAt(j) <= 0x7e)) j++;
                }
                sb.append(line, i, Math.min(line.length(), j + 1));
                i = j;
            } else {
                sb.append(c);
                col++;
            }
        }
        return sb.toString();
    }

    /** {@code [  123.456789] }: plain dmesg's timestamp (seconds since boot). */
    private static final Pattern KERNEL_TIME = Pattern.compile("^\\[ *(\\d+)\\.(\\d{6})\\] ");

    /**
     * Whether {@code text} is plain dmesg: a line that opens with its {@code [seconds.micros] } timestamp, and every other
     * line one it prints so too, a continuation of the message before (indented to the width of its timestamp), or a
     * line the person added (a prompt, {@code # [cut]}, {@code ...}).
     */
    private static boolean isPlainDmesg(String text) {
        boolean stamped = false;
        int width = -1;
        for (String l : text.lines().toList()) {
            if (l.isBlank()) continue;
            Matcher m = KERNEL_TIME.matcher(l);
            if (m.lookingAt()) {
                stamped = true;
                width = m.end();
            } else if (!(isAddedLine(l) || width > 0 && continues(l, width))) {
                return false;
            }
        }
        return stamped;
    }

    private static boolean isAddedLine(String line) {
        String t = line.strip();
        return isPrompt(line) || t.equals("...") || t.startsWith("# [cut") || t.startsWith("```");
    }

    /** A continuation line of a multi-line kernel message: blanks to the width of the timestamp, then text. */
    private static boolean continues(String line, int width) {
        return line.length() > width && line.substring(0, width).isBlank() && line.charAt(width) != ' ';
    }

    /** util-linux dmesg's colours: the time green, the subsystem prefix (to its {@code ": "}) brown. */
    private static String dmesgColour(String line) {
        Matcher m = KERNEL_TIME.matcher(line);
        if (!m.lookingAt()) return line;
        String time = line.substring(0, m.end() - 1);
        String rest = line.substring(m.end());
        int colon = rest.indexOf(": ");
        String subsystem = "";
        if (colon > 0 && colon < 40 && rest.substring(0, colon).indexOf(' ') < 0) {
            subsystem = "\u001b[33m" + rest.substring(0, colon + 2) + "\u001b[0m";
            rest = rest.substring(colon + 2);
        }
        return "\u001b[32m" + time + "\u001b[0m " + subsystem + rest;
    }

    /** {@code 2: eth0: <BROADCAST,...>}: an {@code ip link} header line. */
    private static final Pattern IP_LINK = Pattern.compile("^(\\d+: )([^:@ ]+)(@[^: ]+)?(: <)");
    private static final Pattern LINK_ADDRESS = Pattern.compile("(link/\\w+ )([0-9a-f:]{17,59})");
    private static final Pattern STATE = Pattern.compile("( state )(UP|DOWN)( )");

    /** iproute2's {@code -c}: the name cyan, the link address yellow, the state green (UP) or red (DOWN). */
    private static String ipColour(String line) {
        Matcher h = IP_LINK.matcher(line);
        String out = line;
        if (h.lookingAt()) {
            out = h.group(1) + "\u001b[36m" + h.group(2) + "\u001b[0m" + (h.group(3) == null ? "" : h.group(3)) + h.group(4)
                    + line.substring(h.end());
            Matcher s = STATE.matcher(out);
            if (s.find()) {
                String colour = s.group(2).equals("UP") ? "\u001b[32m" : "\u001b[31m";
                out = out.substring(0, s.start()) + s.group(1) + colour + s.group(2) + "\u001b[0m" + s.group(3) + out.substring(s.end());
            }
            return out;
        }
        Matcher a = LINK_ADDRESS.matcher(line);
        if (a.find()) out = line.substring(0, a.start()) + a.group(1) + "\u001b[33m" + a.group(2) + "\u001b[0m" + line.substring(a.end());
        return out;
    }

    private enum Format {
        CTIME, SHORT, SHORT_ISO
    }

    /** The boot time the kernel's seconds are added to. */
    private static final Instant BOOT = Instant.parse("2026-12-06T02:00:00Z");
    private static final DateTimeFormatter CTIME_FORMAT = DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.ROOT);
    private static final DateTimeFormatter SHORT_FORMAT = DateTimeFormatter.ofPattern("MMM dd HH:mm:ss", Locale.ROOT);
    private static final DateTimeFormatter ISO_FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssxxx", Locale.ROOT);

    /**
     * A plain dmesg text read as {@code dmesg -T} or {@code journalctl -k} prints it: each timestamp in the format's own
     * form, and a continuation line indented to the width of the new one (both tools align it with the message).
     */
    private static String kernelLog(String text, Format format) {
        int[] widths = {0, 0}; // the last timestamp's width in the file, and its width now
        return eachLine(text, line -> {
            Matcher m = KERNEL_TIME.matcher(line);
            if (m.lookingAt()) {
                var at = BOOT.plusSeconds(Long.parseLong(m.group(1))).atOffset(ZoneOffset.UTC);
                String prefix = switch (format) {
                    case CTIME -> "[" + CTIME_FORMAT.format(at) + "] ";
                    case SHORT -> SHORT_FORMAT.format(at) + " " + HOST + " kernel: ";
                    case SHORT_ISO -> ISO_FORMAT.format(at) + " " + HOST + " kernel: ";
                };
                widths[0] = m.end();
                widths[1] = prefix.length();
                return prefix + line.substring(m.end());
            }
            if (widths[0] > 0 && continues(line, widths[0])) return " ".repeat(widths[1]) + line.substring(widths[0]);
            return line;
        });
    }

    /** {@return the wraps that apply to {@code text}} */
    public static List<PasteWraps> applying(String text, String manifest) {
        List<PasteWraps> out = new ArrayList<>();
        for (PasteWraps w : values()) {
            if (w.appliesTo(text, manifest)) out.add(w);
        }
        return out;
    }
}

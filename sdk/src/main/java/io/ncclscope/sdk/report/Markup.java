package io.ncclscope.sdk.report;

import io.ncclscope.sdk.rules.CommandLanguage;
import java.util.ArrayList;
import java.util.List;

/**
 * The markup languages a report is written in for people, and the one place text is escaped for each. Every renderer
 * of the SDK builds its words once and writes them through one of these, so that a chat message, a Slack Block Kit
 * section and a Feishu/Lark card say the same thing in their own syntax, and text read from logs, file names or
 * requests (an interface list, a WARN message, a host name) is shown, never obeyed: no mention, link, tag or
 * entity in it survives as markup, no control character (a terminal escape) is written, and quoted lines sit in code
 * that a backtick inside cannot close.
 */
public enum Markup {
    /**
     * CommonMark / GitHub Markdown: the CLI's {@code --format md} and the service's {@code text/markdown}. Prose
     * escapes {@code \ ` < > [ ] &} with a backslash (no HTML, link, autolink, entity or code span starts in it).
     */
    MARKDOWN("**"),
    /**
     * Slack mrkdwn: {@code *bold*}; {@code &}, {@code <} and {@code >} are written as entities everywhere, code
     * included, as Slack asks (backticks in prose as {@code '}, Slack having no escape), so that {@code <!channel>}, {@code <@U123>} and {@code <http://x|y>} read as text and
     * NCCL's {@code eth0:10.0.0.1<0>} reads as itself.
     */
    SLACK_MRKDWN("*"),
    /**
     * The {@code markdown} element of a Feishu/Lark card: Markdown emphasis; {@code & < > [ ]} are written as numeric
     * character references everywhere (backticks in prose as {@code '}), so that {@code <at id=all></at>}, {@code <font>} and {@code [x](url)} read as
     * text.
     */
    LARK_MD("**");

    private final String boldMark;

    Markup(String boldMark) {
        this.boldMark = boldMark;
    }

    /**
     * {@return {@code marked} in bold} Spaces at either end go outside the marks: in CommonMark (and Slack) a mark
     * next to a space inside ({@code **Reading: **}) does not close, and the stars are shown as they are.
     *
     * @param marked text already written in this markup (escaped, or code)
     */
    public String bold(String marked) {
        return emphasis(marked, boldMark);
    }

    /**
     * {@return {@code marked} in italics} Spaces at either end go outside the marks, as for {@link #bold}.
     *
     * @param marked text already written in this markup (escaped, or code)
     */
    public String italic(String marked) {
        return emphasis(marked, "_");
    }

    private static String emphasis(String marked, String mark) {
        String inner = marked.strip();
        if (inner.isEmpty()) return marked;
        int start = marked.indexOf(inner);
        return marked.substring(0, start) + mark + inner + mark + marked.substring(start + inner.length());
    }

    /**
     * {@return {@code raw} as inline code that nothing inside can end: backticks become {@code '}; empty for blank
     * text}
     *
     * @param raw text as read (a log line, a file name, a command), stripped first
     */
    public String code(String raw) {
        String t = raw.strip();
        if (t.isEmpty()) return "";
        return "`" + inCode(t.replace("`", "'")) + "`";
    }

    /**
     * {@return {@code raw} as prose in this markup, every character that could start markup escaped}
     *
     * @param raw text as read or as the catalogue words it
     */
    public String text(String raw) {
        if (this == MARKDOWN && plain(raw, "\\`<>[]&")) return raw;
        StringBuilder sb = new StringBuilder(raw.length() + 8);
        for (int i = 0; i < raw.length(); i++) {
            char c = visible(raw.charAt(i));
            switch (this) {
                case MARKDOWN -> {
                    if ("\\`<>[]&".indexOf(c) >= 0) sb.append('\\');
                    sb.append(c);
                }
                case SLACK_MRKDWN -> sb.append(c == '`' ? "'" : slackEntity(c));
                case LARK_MD -> sb.append(c == '`' ? "'" : larkEntity(c));
            }
        }
        return sb.toString();
    }

    /**
     * {@return the lines as a fenced code block that no line inside can close, each line and the closing fence ending
     * with a newline}: in Markdown the fence is longer than any backtick run inside; the chats, whose fences are
     * always three backticks, get backticks as {@code '}
     *
     * @param raw lines as they are to be run or read
     */
    public String codeBlock(List<String> raw) {
        return fenced(raw, "");
    }

    private String fenced(List<String> raw, String info) {
        String fence = "```";
        if (this == MARKDOWN) {
            int longest = 0;
            for (String line : raw) longest = Math.max(longest, longestBacktickRun(line));
            if (longest >= 3) fence = "`".repeat(longest + 1);
        }
        StringBuilder sb = new StringBuilder(fence).append(info).append('\n');
        for (String line : raw) sb.append(inCode(this == MARKDOWN ? line : line.replace("`", "'"))).append('\n');
        return sb.append(fence).append('\n').toString();
    }

    /**
     * {@return the commands as fenced code blocks, one per language run: consecutive shell commands share a block,
     * each Python command gets a block of its own, so that no shell block holds Python} In Markdown a Python block's
     * fence says {@code python}; the chats, whose fences take no language, open it with a {@code # Python} comment.
     *
     * @param commands commands as they are to be run, each of one or more lines ({@link CommandLanguage#of})
     */
    public String codeBlocks(List<String> commands) {
        StringBuilder sb = new StringBuilder();
        List<String> shell = new ArrayList<>();
        for (String c : commands) {
            if (CommandLanguage.of(c) == CommandLanguage.SHELL) {
                shell.add(c);
                continue;
            }
            if (!shell.isEmpty()) sb.append(codeBlock(shell));
            shell.clear();
            sb.append(this == MARKDOWN ? fenced(List.of(c), CommandLanguage.PYTHON.fenceInfo()) : codeBlock(List.of("# Python", c)));
        }
        if (!shell.isEmpty()) sb.append(codeBlock(shell));
        return sb.toString();
    }

    /**
     * {@return a command shown after the words of a list item: a shell command as inline code after a space, on the
     * same line; Python as a block of its own on the lines below, each line after {@code indent} (the item's
     * indentation, so that the block stays in the item); no trailing newline}
     *
     * @param command the command, as it is to be run
     * @param indent  the spaces that put a line inside the list item
     */
    public String itemCommand(String command, String indent) {
        if (CommandLanguage.of(command) == CommandLanguage.SHELL) return " " + code(command);
        StringBuilder sb = new StringBuilder();
        codeBlocks(List.of(command)).lines().forEach(line -> sb.append('\n').append(indent).append(line));
        return sb.toString();
    }

    /** Code as each target needs it: Markdown code is literal; Slack and Feishu read entities in code too. */
    private String inCode(String s) {
        if (this == MARKDOWN && plain(s, "")) return s;
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = visible(s.charAt(i));
            switch (this) {
                case MARKDOWN -> sb.append(c);
                case SLACK_MRKDWN -> sb.append(slackEntity(c));
                case LARK_MD -> sb.append(larkEntity(c));
            }
        }
        return sb.toString();
    }

    /** Whether {@code s} is written as it is: every character visible, none of {@code escaped}. */
    private static boolean plain(String s, String escaped) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (visible(c) != c || escaped.indexOf(c) >= 0) return false;
        }
        return true;
    }

    /** {@code c}, or U+FFFD for a control character other than newline and tab. */
    private static char visible(char c) {
        boolean control = (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f);
        return control ? '\uFFFD' : c;
    }

    /**
     * {@return {@code text} safe to print on a terminal: control characters other than newline and tab (an escape
     * sequence, a carriage return that would overwrite the line) shown as U+FFFD}
     *
     * @param text plain text, a whole rendering
     */
    public static String terminal(String text) {
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char c = visible(text.charAt(i));
            if (c != text.charAt(i) && sb == null) sb = new StringBuilder(text.length()).append(text, 0, i);
            if (sb != null) sb.append(c);
        }
        return sb == null ? text : sb.toString();
    }

    private static String slackEntity(char c) {
        return switch (c) {
            case '&' -> "&amp;";
            case '<' -> "&lt;";
            case '>' -> "&gt;";
            default -> String.valueOf(c);
        };
    }

    private static String larkEntity(char c) {
        return switch (c) {
            case '&' -> "&#38;";
            case '<' -> "&#60;";
            case '>' -> "&#62;";
            case '[' -> "&#91;";
            case ']' -> "&#93;";
            default -> String.valueOf(c);
        };
    }

    private static int longestBacktickRun(String s) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < s.length(); i++) {
            run = s.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }
}

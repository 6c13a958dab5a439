package io.ncclscope.sdk.report;

import java.util.List;

/**
 * The markup languages a report is written in for people, and how each marks emphasis, code and quotes. Every
 * renderer of the SDK builds its words once and writes them through one of these, so that a chat message, a Slack
 * Block Kit section and a Feishu/Lark card say the same thing in their own syntax.
 */
public enum Markup {
    /** CommonMark / GitHub Markdown: the CLI's {@code --format md} and the service's {@code text/markdown}. */
    MARKDOWN("**"),
    /** Slack mrkdwn: {@code *bold*}, {@code _italic_}, code and quotes as in Markdown. */
    SLACK_MRKDWN("*"),
    /** The {@code markdown} element of a Feishu/Lark card: Markdown emphasis, code and quotes. */
    LARK_MD("**");

    private final String boldMark;

    Markup(String boldMark) {
        this.boldMark = boldMark;
    }

    /**
     * {@return {@code marked} in bold}
     *
     * @param marked text already written in this markup (escaped, or code)
     */
    public String bold(String marked) {
        return boldMark + marked + boldMark;
    }

    /**
     * {@return {@code marked} in italics}
     *
     * @param marked text already written in this markup (escaped, or code)
     */
    public String italic(String marked) {
        return "_" + marked + "_";
    }

    /**
     * {@return {@code raw} as inline code; empty for blank text}
     *
     * @param raw text as read (a log line, a file name, a command), stripped first
     */
    public String code(String raw) {
        String t = raw.strip();
        if (t.isEmpty()) return "";
        return "`" + t.replace("`", "'") + "`";
    }

    /**
     * {@return {@code raw} as prose in this markup}
     *
     * @param raw text as read or as the catalogue words it
     */
    public String text(String raw) {
        return raw;
    }

    /**
     * {@return the lines as a fenced code block, each line and the closing fence ending with a newline}
     *
     * @param raw lines as they are to be run or read
     */
    public String codeBlock(List<String> raw) {
        StringBuilder sb = new StringBuilder("```\n");
        for (String line : raw) sb.append(line).append('\n');
        return sb.append("```\n").toString();
    }
}

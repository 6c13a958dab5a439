package io.ncclscope.service.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Chat payloads built from the SDK's chat-sized Markdown ({@code Renderers.markdown}), so the words, languages and
 * choices of what to show stay the SDK's: a Slack Block Kit message and a Feishu/Lark interactive card. Both are
 * the bodies a bot posts as they are (Slack {@code chat.postMessage} or an incoming webhook; a Feishu/Lark custom
 * bot webhook).
 */
public final class ChatMessages {

    /** Slack refuses a section text longer than this. */
    static final int SLACK_SECTION_MAX = 3000;
    /** Slack refuses more blocks than this in one message. */
    static final int SLACK_MAX_BLOCKS = 50;

    private static final Pattern BOLD = Pattern.compile("\\*\\*(.+?)\\*\\*");

    private ChatMessages() {
    }

    /** A JSON object whose keys keep the order given, so the payload reads the same every time. */
    private static Map<String, Object> obj(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
        return m;
    }

    /** The headline: the Markdown's first line without its emphasis. */
    static String headline(String markdown) {
        String first = markdown.lines().findFirst().orElse("ncclscope");
        return first.replace("**", "");
    }

    /** Slack mrkdwn: {@code *bold*} instead of {@code **bold**}; the rest (quotes, code, {@code _italic_}) is the same. */
    static String mrkdwn(String md) {
        return BOLD.matcher(md).replaceAll("*$1*");
    }

    /** Markdown paragraphs (blank-line separated), keeping fenced code blocks whole. */
    static List<String> paragraphs(String md) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean fence = false;
        for (String line : md.split("\n", -1)) {
            if (line.startsWith("```")) fence = !fence;
            if (line.isBlank() && !fence) {
                if (cur.length() > 0) out.add(cur.toString());
                cur.setLength(0);
                continue;
            }
            if (cur.length() > 0) cur.append('\n');
            cur.append(line);
        }
        if (cur.length() > 0) out.add(cur.toString());
        return out;
    }

    private static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

    /**
     * A Slack Block Kit message: the verdict as a header, one section per paragraph of the Markdown (the summary,
     * each finding with its evidence lines, the next commands), {@code text} as the notification fallback.
     *
     * @param markdown the SDK's chat Markdown of the result
     * @param problems whether the result shows problems (the header's emoji)
     */
    public static Map<String, Object> slack(String markdown, boolean problems) {
        List<String> paras = paragraphs(markdown);
        List<Object> blocks = new ArrayList<>();
        String head = headline(markdown);
        String title = head.contains(" — ") ? head.substring(0, head.indexOf(" — ")) : head;
        blocks.add(obj("type", "header", "text", obj("type", "plain_text", "text",
                cut((problems ? "🔴 " : "✅ ") + title, 150), "emoji", true)));
        for (int i = 0; i < paras.size() && blocks.size() < SLACK_MAX_BLOCKS - 1; i++) {
            String p = paras.get(i);
            if (i == 0 && head.contains(" — ")) p = head.substring(head.indexOf(" — ") + 3);
            blocks.add(obj("type", "section", "text", obj("type", "mrkdwn", "text", cut(mrkdwn(p), SLACK_SECTION_MAX))));
            if (i == 0) blocks.add(obj("type", "divider"));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("text", cut(head, SLACK_SECTION_MAX));
        m.put("blocks", blocks);
        return m;
    }

    /**
     * A Feishu/Lark custom-bot interactive card: the verdict as a red or green header, the Markdown body (minus the
     * headline) as one markdown element.
     *
     * @param markdown the SDK's chat Markdown of the result
     * @param problems whether the result shows problems (the header's colour)
     */
    public static Map<String, Object> feishu(String markdown, boolean problems) {
        String head = headline(markdown);
        String title = head.contains(" — ") ? head.substring(0, head.indexOf(" — ")) : head;
        String body = markdown.contains("\n") ? markdown.substring(markdown.indexOf('\n') + 1).strip() : "";
        String lead = head.contains(" — ") ? head.substring(head.indexOf(" — ") + 3) : "";
        List<Object> elements = new ArrayList<>();
        if (!lead.isEmpty()) elements.add(obj("tag", "markdown", "content", lead));
        if (!body.isEmpty()) elements.add(obj("tag", "markdown", "content", body));
        Map<String, Object> card = new LinkedHashMap<>();
        card.put("config", obj("wide_screen_mode", true));
        card.put("header", obj("template", problems ? "red" : "green",
                "title", obj("tag", "plain_text", "content", title)));
        card.put("elements", elements);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("msg_type", "interactive");
        m.put("card", card);
        return m;
    }
}

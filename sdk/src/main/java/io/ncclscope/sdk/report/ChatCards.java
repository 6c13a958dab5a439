package io.ncclscope.sdk.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The chat payloads of a {@link ReportMessage}: a Slack Block Kit message and a Feishu/Lark interactive card, as
 * JSON-ready maps whose keys keep their order. Both are the bodies a bot posts as they are (Slack
 * {@code chat.postMessage} or an incoming webhook; a Feishu/Lark custom bot webhook).
 */
final class ChatCards {

    /** Slack refuses a section text longer than this. */
    static final int SLACK_SECTION_MAX = 3000;
    /** Slack refuses a header text longer than this. */
    static final int SLACK_HEADER_MAX = 150;
    /** Slack refuses more blocks than this in one message. */
    static final int SLACK_MAX_BLOCKS = 50;

    private ChatCards() {
    }

    /** A JSON object whose keys keep the order given, so the payload reads the same every time. */
    private static Map<String, Object> obj(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
        return m;
    }

    private static String cut(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }

    /**
     * The Slack message: the verdict as a plain-text header, the lead, a divider, one mrkdwn section per paragraph
     * (as many as Slack takes), and the title with the lead as the notification fallback.
     *
     * @param m the message written in {@link Markup#SLACK_MRKDWN}
     */
    static Map<String, Object> slack(ReportMessage m) {
        List<Object> blocks = new ArrayList<>();
        blocks.add(obj("type", "header", "text", obj("type", "plain_text", "text",
                cut(m.verdict().chatIcon() + " " + m.title(), SLACK_HEADER_MAX), "emoji", true)));
        blocks.add(obj("type", "section", "text", obj("type", "mrkdwn", "text", cut(m.lead(), SLACK_SECTION_MAX))));
        blocks.add(obj("type", "divider"));
        for (String p : m.paragraphs()) {
            if (blocks.size() >= SLACK_MAX_BLOCKS - 1) break;
            blocks.add(obj("type", "section", "text", obj("type", "mrkdwn", "text", cut(p, SLACK_SECTION_MAX))));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("text", cut(Markup.SLACK_MRKDWN.text(m.title()) + " — " + m.lead(), SLACK_SECTION_MAX));
        out.put("blocks", blocks);
        return out;
    }

    /**
     * The Feishu/Lark card: the verdict as a header in the verdict's colour, the lead and the paragraphs as two
     * markdown elements.
     *
     * @param m the message written in {@link Markup#LARK_MD}
     */
    static Map<String, Object> feishu(ReportMessage m) {
        List<Object> elements = new ArrayList<>();
        if (!m.lead().isEmpty()) elements.add(obj("tag", "markdown", "content", m.lead()));
        String body = String.join("\n\n", m.paragraphs()).strip();
        if (!body.isEmpty()) elements.add(obj("tag", "markdown", "content", body));
        Map<String, Object> card = new LinkedHashMap<>();
        card.put("config", obj("wide_screen_mode", true));
        card.put("header", obj("template", m.verdict().chatColour(),
                "title", obj("tag", "plain_text", "content", m.title())));
        card.put("elements", elements);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("msg_type", "interactive");
        out.put("card", card);
        return out;
    }
}

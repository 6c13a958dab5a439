package io.ncclscope.sdk.report;

import java.util.Locale;

/**
 * The one-word answer of a report. Everything a rendering needs to show a verdict lives with its value: its JSON
 * value, the CLI's exit code, the colour and icon of a chat message, the CSS class of the HTML banner and the key of
 * its words in the report's {@code Messages} bundles.
 *
 * <p>The rule, in one place ({@link Coverage#gaps()}): {@link #PROBLEMS} when a finding of warning severity or worse
 * was made; else {@link #INCONCLUSIVE} when the evidence cannot answer the question it raises (nothing of a known
 * kind read, a bandwidth measured with no hardware facts to judge it against, a collect bundle without its GPU
 * tools' output); else {@link #HEALTHY}.
 */
public enum Verdict {
    /** No finding of warning severity or worse, and the checks the evidence calls for ran ({@link Coverage}). */
    HEALTHY("healthy", 0, "green", "✅"),
    /** At least one finding of warning severity or worse. */
    PROBLEMS("problems", 1, "red", "🔴"),
    /**
     * No finding of warning severity or worse, but the evidence cannot answer the question it raises: the report's
     * {@link Coverage#gaps()} say why and which input would settle it. Exit code 4 (3 is the CLI's internal error).
     */
    INCONCLUSIVE("inconclusive", 4, "grey", "❔");

    private final String jsonValue;
    private final int exitCode;
    private final String chatColour;
    private final String chatIcon;

    Verdict(String jsonValue, int exitCode, String chatColour, String chatIcon) {
        this.jsonValue = jsonValue;
        this.exitCode = exitCode;
        this.chatColour = chatColour;
        this.chatIcon = chatIcon;
    }

    /** {@return the value in the report's JSON and in the service's {@code X-Ncclscope-Verdict} header} */
    public String jsonValue() {
        return jsonValue;
    }

    /** {@return the exit code of a CLI command that reports this verdict} */
    public int exitCode() {
        return exitCode;
    }

    /** {@return the colour of a chat card's header (a Feishu/Lark card template name: red, green...)} */
    public String chatColour() {
        return chatColour;
    }

    /** {@return the emoji that leads a chat message's header} */
    public String chatIcon() {
        return chatIcon;
    }

    /** {@return the CSS class of the HTML report's verdict banner} */
    public String cssClass() {
        return jsonValue;
    }

    /** {@return the key of the verdict's words in the report's {@code Messages} bundles} */
    String messageKey() {
        return "verdict." + jsonValue;
    }

    /**
     * {@return the verdict's words in {@code locale} (HEALTHY, PROBLEMS FOUND, INCONCLUSIVE; 健康, 发现问题, 无法判断)}
     *
     * @param locale Simplified Chinese for any Chinese locale, English for every other one
     */
    public String label(Locale locale) {
        return Texts.t(locale, messageKey());
    }

    /**
     * {@return the verdict of a JSON value}
     *
     * @param jsonValue a value written by {@link #jsonValue()}
     * @throws IllegalArgumentException when no verdict has that value
     */
    public static Verdict ofJson(String jsonValue) {
        for (Verdict v : values()) {
            if (v.jsonValue.equals(jsonValue)) return v;
        }
        throw new IllegalArgumentException("unknown verdict '" + jsonValue + "'");
    }

    /** {@return the JSON value: the report's JSON writes enums by {@code toString()}} */
    @Override
    public String toString() {
        return jsonValue;
    }
}

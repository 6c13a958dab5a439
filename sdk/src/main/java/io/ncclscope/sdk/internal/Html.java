package io.ncclscope.sdk.internal;

/**
 * The one escaper of the SDK's HTML pages and SVG plots: the report page, the compare page, the busbw plots and the
 * pair heatmap write every text read from logs, file names or requests through it, so that it is shown and never
 * read as markup.
 */
public final class Html {

    private Html() {
    }

    /**
     * {@return {@code raw} as character data or an attribute value (quoted with {@code "} or {@code '}) of HTML or XML:
     * {@code & < > " '} written as references ({@code '} as {@code &#39;}, which HTML and XML both read), and the
     * characters XML 1.0 forbids and HTML counts as parse errors dropped (control characters other than tab and
     * newline, a carriage return included, and U+FFFE, U+FFFF); empty for null}
     *
     * @param raw text as read, or null
     */
    public static String escape(String raw) {
        if (raw == null) return "";
        StringBuilder b = new StringBuilder(raw.length() + 16);
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    if (c < 0x20 && c != '\t' && c != '\n' || c == 0xFFFE || c == 0xFFFF) continue;
                    b.append(c);
                }
            }
        }
        return b.toString();
    }
}

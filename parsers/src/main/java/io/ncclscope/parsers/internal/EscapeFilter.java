package io.ncclscope.parsers.internal;

/**
 * The character cleaning every line reader shares: ANSI/VT100 escape sequences are dropped (ESC, then a CSI
 * {@code ESC [ ... final byte} or an OSC {@code ESC ] ... BEL}; terminal pastes carry them), every other C0 control
 * character but tab becomes a space. One filter per line being assembled; {@link #reset()} at each line end, since
 * an escape never spans lines. Not thread-safe.
 */
public final class EscapeFilter {

    private static final int NONE = 0;
    private static final int SEEN = 1;
    private static final int IN_CSI = 2;
    private static final int IN_OSC = 3;

    private int state = NONE;

    EscapeFilter() {
    }

    /**
     * {@return the character to keep for {@code c}, or -1 when it belongs to an escape sequence}
     *
     * @param c the next character of the line (never a line end)
     */
    int filter(char c) {
        switch (state) {
            case SEEN -> {
                state = c == '[' ? IN_CSI : c == ']' ? IN_OSC : NONE;
                return -1;
            }
            case IN_CSI -> {
                if (c >= 0x40 && c <= 0x7e) state = NONE;
                return -1;
            }
            case IN_OSC -> {
                if (c == 0x07) state = NONE;
                return -1;
            }
            default -> {
                if (c == 0x1b) {
                    state = SEEN;
                    return -1;
                }
                return c < 0x20 && c != '\t' ? ' ' : c;
            }
        }
    }

    /**
     * {@return {@code text} without its escape sequences, its line ends and every other character kept; {@code text}
     * itself when it holds no ESC} For a detection head: the sniffers read the lines the parsers will read, which
     * {@link LineSource} cleans of escapes ({@code dmesg --color=always}, {@code ip -c link}).
     *
     * @param text a head of lines
     */
    public static String withoutEscapes(String text) {
        int first = text.indexOf('\u001b');
        if (first < 0) return text;
        StringBuilder out = new StringBuilder(text.length());
        out.append(text, 0, first);
        EscapeFilter f = new EscapeFilter();
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                f.reset();
                out.append(c);
            } else if (c == '\u001b' || f.state != NONE) {
                f.filter(c);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Forgets an escape sequence left open at a line end. */
    void reset() {
        state = NONE;
    }
}

package io.ncclscope.parsers.internal;

/**
 * The character cleaning every line reader shares: ANSI/VT100 escape sequences are dropped (ESC, then a CSI
 * {@code ESC [ ... final byte} or an OSC {@code ESC ] ... BEL}; terminal pastes carry them), every other C0 control
 * character but tab becomes a space. One filter per line being assembled; {@link #reset()} at each line end, since
 * an escape never spans lines. Not thread-safe.
 */
final class EscapeFilter {

    private static final int NONE = 0;
    private static final int SEEN = 1;
    private static final int IN_CSI = 2;
    private static final int IN_OSC = 3;

    private int state = NONE;

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

    /** Forgets an escape sequence left open at a line end. */
    void reset() {
        state = NONE;
    }
}

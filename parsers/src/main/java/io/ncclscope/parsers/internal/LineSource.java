package io.ncclscope.parsers.internal;

import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseWarning;
import java.io.IOException;
import java.io.Reader;

/**
 * Reads text one line at a time within {@link ParseLimits}: counts 1-based line numbers, accepts
 * LF, CRLF and lone CR endings, strips ANSI/VT100 escape sequences (terminal pastes carry them,
 * corpus captured/h200-1gpu/sys/topo-m.txt wraps its header in ESC[4m), replaces NUL and other
 * C0 control characters except tab by a space, cuts over-long lines and stops at the character
 * budget, recording a warning for each. Memory is bounded by {@code maxLineLength}. A
 * {@link StringText} is read in place: its lines are cut from its String, with no buffer and no copy of the text, or,
 * once they were cut ({@link StringText#cutLines()}), taken from its {@link LineTable} when these limits hold the text.
 * Not thread-safe.
 */
public final class LineSource implements Lines {

    private final Reader in;
    private final Warnings warnings;
    private final long maxChars;
    private final int maxLineLength;
    /** The reader's characters, in chunks; null when {@link #text} holds them all. */
    private final char[] buf;
    /** The text of a {@link StringText}, read in place ({@link #pos} and {@link #end} index it), or null. */
    private final String text;
    /**
     * {@link #text} as ISO-8859-1 bytes, one per character, for the fast path's scan; null when it is not read in
     * place or holds a character pair that would make one byte (outside Latin-1, each character is one {@code '?'}).
     * A byte array is scanned many times faster than {@link String#charAt} under C1, which the CLI runs with: a
     * thousand nodes' files are read line by line two to three times each.
     */
    private final byte[] textBytes;
    /** The lines of {@link #text} as already cut, read in place of cutting them again; null when there are none. */
    private final LineTable table;
    private int pos;
    private int end;
    /** Where in {@link #text} the line last returned starts, when it was cut from it verbatim; -1 otherwise. */
    private int verbatimStart = -1;
    private long consumed;
    private int lineNo;
    private boolean eof;
    private boolean pendingCr;
    private boolean budgetHit;
    private final StringBuilder sb = new StringBuilder(256);
    private final EscapeFilter escapes = new EscapeFilter();

    public LineSource(Reader in, Warnings warnings, long maxChars, int maxLineLength) {
        this.in = in;
        this.warnings = warnings;
        this.maxChars = maxChars;
        this.maxLineLength = maxLineLength;
        StringText whole = in instanceof StringText t ? t : null;
        this.text = whole == null ? null : whole.text();
        this.buf = text == null ? new char[1 << 14] : null;
        this.textBytes = whole == null ? null : whole.latin1();
        LineTable cut = whole == null ? null : whole.lineTable();
        // Within these limits the table's lines, numbers and verbatim starts are those cut here, and no warning arises.
        this.table = cut != null && whole.position() == 0 && cut.fits(text.length(), maxChars, maxLineLength) ? cut : null;
    }

    /** A source for a streaming parser: {@link ParseLimits#maxChars()}. */
    public static LineSource streaming(Reader in, Warnings w, ParseLimits l) {
        return new LineSource(in, w, l.maxChars(), l.maxLineLength());
    }

    /** A source for a table parser: {@link ParseLimits#maxTableChars()}. */
    public static LineSource table(Reader in, Warnings w, ParseLimits l) {
        return new LineSource(in, w, l.maxTableChars(), l.maxLineLength());
    }

    /** The number of the line last returned (1-based), 0 before the first. */
    @Override
    public int lineNumber() {
        return lineNo;
    }

    /** Characters consumed so far. */
    public long consumed() {
        return consumed;
    }

    /** True when the character budget stopped reading. */
    public boolean truncated() {
        return budgetHit;
    }

    /**
     * {@return the text of a {@link StringText} as one byte per character (a character beyond Latin-1 is one
     * {@code '?'}), for scans of the lines that {@link #verbatimStart()} places in it; null when there is none} The
     * caller must not change it.
     */
    public byte[] latin1Text() {
        return textBytes;
    }

    /**
     * {@return where in {@link #latin1Text()} the line last returned by {@link #next()} starts, when it is those
     * characters verbatim (no control character or escape was cleaned out of it); -1 when it is not, or there is no
     * such text}
     */
    public int verbatimStart() {
        return textBytes == null ? -1 : verbatimStart;
    }

    /** The next line without its terminator, cleaned as the class comment says; null at the end. */
    @Override
    public String next() throws IOException {
        verbatimStart = -1;
        if (eof) {
            return null;
        }
        if (table != null) return tableLine();
        if (!pendingCr) {
            String s = wholeLineInBuffer();
            if (s != null) return s;
        }
        return assembledLine();
    }

    /** The next line of {@link #table}, as the paths below would cut it; null at the end. */
    private String tableLine() {
        if (lineNo == 0) ((StringText) in).take(maxChars); // the whole text read, as fill() takes it
        if (lineNo == table.size()) {
            eof = true;
            consumed = text.length();
            return null;
        }
        verbatimStart = table.verbatimStart(lineNo);
        consumed = table.consumedAfter(lineNo);
        return table.line(lineNo++);
    }

    /**
     * Fast path: the whole line is in the buffer and holds no control character (no CR, ESC, NUL, tab): one String
     * from the buffer, no StringBuilder. The builder of {@link #assembledLine} would otherwise stay UTF-16 for the rest
     * of the input after the first non-Latin-1 character (a tqdm bar), halving throughput. Null when the line is not so.
     */
    private String wholeLineInBuffer() {
        if (text != null) return wholeLineInText();
        int i = pos;
        int lim = end;
        while (i < lim) {
            char c = buf[i];
            if (c < 0x20) break;
            i++;
        }
        if (i < lim && buf[i] == '\n' && i - pos <= maxLineLength) {
            String s = new String(buf, pos, i - pos);
            consumed += i - pos + 1;
            pos = i + 1;
            lineNo++;
            return s;
        }
        return null;
    }

    /** {@link #wholeLineInBuffer} for a {@link StringText}: the line is a substring of its text. */
    private String wholeLineInText() {
        int i = pos;
        int lim = end;
        byte[] b = textBytes;
        if (b != null) {
            // A byte below 0x20 is such a character; the others (and '?' for one beyond Latin-1) are not.
            while (i < lim) {
                int c = b[i];
                if ((c & 0xE0) == 0) break; // 0x00 to 0x1F: one test (a byte above 0x7F is negative and has those bits)
                i++;
            }
        } else {
            while (i < lim) {
                char c = text.charAt(i);
                if (c < 0x20) break;
                i++;
            }
        }
        if (i < lim && text.charAt(i) == '\n' && i - pos <= maxLineLength) {
            String s = text.substring(pos, i);
            verbatimStart = pos;
            consumed += i - pos + 1;
            pos = i + 1;
            lineNo++;
            return s;
        }
        return null;
    }

    /** The next line read character by character: across buffer refills, CR and CRLF ends, escapes dropped. */
    private String assembledLine() throws IOException {
        sb.setLength(0);
        boolean any = false;
        boolean cut = false;
        escapes.reset();
        while (true) {
            if (pos == end) {
                if (!fill()) {
                    eof = true;
                    if (!any) {
                        return null;
                    }
                    break;
                }
            }
            char c = text != null ? text.charAt(pos++) : buf[pos++];
            consumed++;
            if (pendingCr) {
                pendingCr = false;
                if (c == '\n') {
                    continue;
                }
            }
            if (c == '\n') {
                break;
            }
            if (c == '\r') {
                pendingCr = true;
                break;
            }
            any = true;
            int kept = escapes.filter(c);
            if (kept < 0) {
                continue;
            }
            if (sb.length() < maxLineLength) {
                sb.append((char) kept);
            } else {
                cut = true;
            }
        }
        lineNo++;
        String line = sb.toString();
        if (cut) {
            warnings.add(ParseWarning.warning(lineNo, "line longer than " + maxLineLength + " characters was cut", line));
        }
        return line;
    }

    private boolean fill() throws IOException {
        if (budgetHit) {
            return false;
        }
        long left = maxChars - consumed;
        if (left <= 0) {
            budgetHit = true;
            // Only a limit if there is more input.
            int probe = in.read();
            if (probe >= 0) {
                warnings.add(ParseWarning.error(lineNo + 1, "input exceeds the limit of " + maxChars + " characters; the rest was not read", ""));
            }
            return false;
        }
        if (text != null) {
            // The rest of the text within the budget at once, read where it lies.
            int from = ((StringText) in).position();
            int n = ((StringText) in).take(left);
            pos = from;
            end = from + n;
            return n > 0;
        }
        int n = in.read(buf, 0, (int) Math.min(buf.length, left));
        if (n <= 0) {
            return false;
        }
        pos = 0;
        end = n;
        return true;
    }
}

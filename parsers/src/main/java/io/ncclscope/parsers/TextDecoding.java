package io.ncclscope.parsers;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Locale;

/**
 * The one rule by which every input's bytes become text, whatever path they come by (files and standard input of the
 * CLI, REST bodies as text, JSON or multipart parts, files inside archives):
 * <ol>
 *   <li>a byte order mark decides: UTF-8, UTF-16 (LE or BE: Windows PowerShell's {@code >} writes UTF-16LE with a
 *       BOM) or UTF-32; the mark itself is not part of the text;</li>
 *   <li>else the charset the sender declared ({@code Content-Type: text/plain; charset=ISO-8859-1}), when the JDK
 *       knows it;</li>
 *   <li>else UTF-8.</li>
 * </ol>
 * Bytes that are not valid in that charset are replaced with {@link #REPLACEMENT} (U+FFFD), never refused: tool
 * outputs are pasted from anywhere. {@link Parsers#parse(Reader, Kind, ParseLimits)} counts the replacements and
 * reports them as one warning, so every path says the same about the same bytes.
 */
public final class TextDecoding {

    /** What an invalid byte sequence becomes. */
    public static final char REPLACEMENT = '\uFFFD';

    private static final Charset UTF_32BE = Charset.forName("UTF-32BE");
    private static final Charset UTF_32LE = Charset.forName("UTF-32LE");

    private TextDecoding() {
    }

    /**
     * {@return a reader over {@code in} by the rule above} The stream is read through a buffer (its own, when it is a
     * {@link BufferedInputStream} already); closing the reader closes it.
     *
     * @param in       the bytes
     * @param declared the charset the sender declared, or null
     * @throws IOException when the first bytes cannot be read
     */
    public static Reader reader(InputStream in, Charset declared) throws IOException {
        // A second buffer in front of a buffered stream only copies: 64 KiB zeroed for each small file of a bundle was
        // 5% of the CPU of analyzing it.
        BufferedInputStream buffered = in instanceof BufferedInputStream b ? b : new BufferedInputStream(in, 1 << 16);
        buffered.mark(4);
        byte[] head = buffered.readNBytes(4);
        buffered.reset();
        Bom bom = bom(head, head.length);
        long skipped = buffered.skip(bom.length);
        if (skipped != bom.length) throw new IOException("could not skip the byte order mark");
        return new InputStreamReader(buffered, decoder(bom.charset != null ? bom.charset : orUtf8(declared)));
    }

    /**
     * {@return {@code bytes} as text by the rule above}
     *
     * @param bytes    the bytes
     * @param declared the charset the sender declared, or null
     */
    public static String decode(byte[] bytes, Charset declared) {
        Bom bom = bom(bytes, bytes.length);
        Charset cs = bom.charset != null ? bom.charset : orUtf8(declared);
        if (cs.equals(StandardCharsets.UTF_8) || cs.equals(StandardCharsets.ISO_8859_1) || cs.equals(StandardCharsets.US_ASCII)) {
            // The same text as the replacing decoder (the String constructor replaces each malformed sequence with
            // U+FFFD alike), without the decoder's char buffer: a service request's body is decoded here.
            return new String(bytes, bom.length, bytes.length - bom.length, cs);
        }
        try {
            return decoder(cs).decode(ByteBuffer.wrap(bytes, bom.length, bytes.length - bom.length)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("a replacing decoder reported an error", e); // REPLACE never reports
        }
    }

    /**
     * {@return the charset a {@code Content-Type} value declares ({@code text/plain; charset="utf-16"}), or null when
     * it declares none or one the JDK does not know (then the rule falls back to UTF-8)}
     *
     * @param contentType a media type with parameters, or null
     */
    public static Charset declared(String contentType) {
        if (contentType == null) return null;
        for (String param : contentType.split(";")) {
            int eq = param.indexOf('=');
            if (eq < 0 || !param.substring(0, eq).strip().toLowerCase(Locale.ROOT).equals("charset")) continue;
            String name = param.substring(eq + 1).strip();
            if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) name = name.substring(1, name.length() - 1);
            try {
                return Charset.forName(name);
            } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
                return null;
            }
        }
        return null;
    }

    private static Charset orUtf8(Charset declared) {
        return declared == null ? StandardCharsets.UTF_8 : declared;
    }

    private static CharsetDecoder decoder(Charset cs) {
        return cs.newDecoder().onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE)
                .replaceWith(String.valueOf(REPLACEMENT));
    }

    /** A byte order mark: its charset (null when there is none) and its length in bytes. */
    private record Bom(Charset charset, int length) {
    }

    private static Bom bom(byte[] b, int n) {
        int b0 = n > 0 ? b[0] & 0xff : -1, b1 = n > 1 ? b[1] & 0xff : -1;
        int b2 = n > 2 ? b[2] & 0xff : -1, b3 = n > 3 ? b[3] & 0xff : -1;
        if (b0 == 0xEF && b1 == 0xBB && b2 == 0xBF) return new Bom(StandardCharsets.UTF_8, 3);
        if (b0 == 0x00 && b1 == 0x00 && b2 == 0xFE && b3 == 0xFF) return new Bom(UTF_32BE, 4);
        if (b0 == 0xFF && b1 == 0xFE && b2 == 0x00 && b3 == 0x00) return new Bom(UTF_32LE, 4);
        if (b0 == 0xFE && b1 == 0xFF) return new Bom(StandardCharsets.UTF_16BE, 2);
        if (b0 == 0xFF && b1 == 0xFE) return new Bom(StandardCharsets.UTF_16LE, 2);
        return new Bom(null, 0);
    }
}

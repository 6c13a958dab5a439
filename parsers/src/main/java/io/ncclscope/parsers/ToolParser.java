package io.ncclscope.parsers;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;

/**
 * A parser for one {@link Kind} of tool output. Implementations are stateless and thread-safe;
 * a parse is a pure function of the text (no commands, files or clocks).
 *
 * @param <T> the record type of the parsed data
 */
public interface ToolParser<T> {

    /** {@return the kind this parser reads} */
    Kind kind();

    /**
     * {@return how sure this parser is that {@code head} (the first lines of an input, up to 256 KiB) is its kind:
     * 0 means no, 100 means certainly} Used by {@link Parsers#detect(CharSequence)}; cheap and never throws.
     *
     * @param head the start of an input
     */
    int sniff(CharSequence head);

    /**
     * Parses text from {@code in} within {@code limits}. Never throws on content: odd lines become
     * {@link ParseWarning}s. The reader is not closed.
     *
     * @param in     the output; not closed
     * @param limits the bounds of the parse
     * @return the typed data and the warnings; never throws on odd input
     * @throws IOException only when reading {@code in} fails
     */
    ParseResult<T> parse(Reader in, ParseLimits limits) throws IOException;

    /**
     * Parses a whole string with the default limits.
     *
     * @param text the whole output
     * @return the typed data and the warnings
     */
    default ParseResult<T> parse(String text) {
        try {
            return parse(new StringReader(text), ParseLimits.DEFAULTS);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringReader does not fail
        }
    }
}

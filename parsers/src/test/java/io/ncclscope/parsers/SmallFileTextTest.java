package io.ncclscope.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A small file read whole ({@link Parsers#smallText}) parses as the same file streamed. */
class SmallFileTextTest {

    static java.util.stream.Stream<Corpus.Entry> smallFiles() throws Exception {
        Corpus.assumePresent();
        java.util.List<Corpus.Entry> small = new java.util.ArrayList<>();
        for (Corpus.Entry e : Corpus.allEntries()) {
            if (Files.isRegularFile(e.path()) && Files.size(e.path()) < Parsers.HEAD_CHARS) small.add(e);
        }
        return small.stream();
    }

    @ParameterizedTest
    @MethodSource("smallFiles")
    void aCorpusFileReadWholeParsesAsStreamed(Corpus.Entry e) throws Exception {
        AtomicLong told = new AtomicLong();
        String text = Parsers.smallText(e.path(), told::addAndGet);
        ParseResult<?> streamed;
        try (InputStream in = Files.newInputStream(e.path())) {
            streamed = Parsers.parse(in, null, ParseLimits.DEFAULTS);
        }
        if (text == null) {
            // Only a pickled Flight Recorder dump or a file of one byte has no text to read whole.
            assertThat(streamed.kind() == Kind.FLIGHT_RECORDER || Files.size(e.path()) < 2).as(e.file()).isTrue();
            return;
        }
        assertThat(told.get()).isEqualTo(Files.size(e.path()));
        assertThat(Parsers.parse(text, ParseLimits.DEFAULTS)).as(e.file()).isEqualTo(streamed);
    }

    @Test
    void textWithInvalidBytesAndAByteOrderMarkDecodesAsTheStream(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("odd.txt");
        byte[] body = "GPU0\tX \n\u00e9t\u00e9 \u00ff\n".getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[body.length + 6];
        bytes[0] = (byte) 0xEF;
        bytes[1] = (byte) 0xBB;
        bytes[2] = (byte) 0xBF;
        System.arraycopy(body, 0, bytes, 3, body.length);
        bytes[bytes.length - 3] = (byte) 0xC3; // a cut two-byte sequence, a space, then a lone continuation byte
        bytes[bytes.length - 2] = ' ';
        bytes[bytes.length - 1] = (byte) 0x80;
        Files.write(f, bytes);
        String text = Parsers.smallText(f, n -> { });
        assertThat(text).isEqualTo("GPU0\tX \n\u00e9t\u00e9 \u00ff\n" + TextDecoding.REPLACEMENT + " " + TextDecoding.REPLACEMENT);
        try (InputStream in = Files.newInputStream(f)) {
            assertThat(Parsers.parse(text, ParseLimits.DEFAULTS)).isEqualTo(Parsers.parse(in, null, ParseLimits.DEFAULTS));
        }
        assertThat(Parsers.parseEach(f, ParseLimits.DEFAULTS, n -> { })).containsExactly(Parsers.parse(text, ParseLimits.DEFAULTS));
    }

    @Test
    void aFileOfHeadCharsOrMoreIsNotReadWhole(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("big.log");
        Files.writeString(f, "x".repeat(Parsers.HEAD_CHARS));
        AtomicLong told = new AtomicLong();
        assertThat(Parsers.smallText(f, told::addAndGet)).isNull();
        assertThat(told.get()).isZero();
    }
}

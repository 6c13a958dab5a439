package io.ncclscope.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The one decoding rule (issue 22, item 8): BOM, then charset=, then UTF-8; invalid bytes replaced and warned. */
class TextDecodingTest {

    static final String LOG = "gpu01:2231:2231 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.11<0>\n"
            + "gpu01:2231:2231 [0] NCCL INFO Using network Socket\n";

    private static byte[] bom(byte[] mark, byte[] body) {
        byte[] out = new byte[mark.length + body.length];
        System.arraycopy(mark, 0, out, 0, mark.length);
        System.arraycopy(body, 0, out, mark.length, body.length);
        return out;
    }

    @Test
    void aByteOrderMarkDecidesAndIsNotPartOfTheText() throws IOException {
        byte[] le = bom(new byte[] {(byte) 0xFF, (byte) 0xFE}, LOG.getBytes(StandardCharsets.UTF_16LE));
        byte[] be = bom(new byte[] {(byte) 0xFE, (byte) 0xFF}, LOG.getBytes(StandardCharsets.UTF_16BE));
        byte[] utf8 = bom(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, LOG.getBytes(StandardCharsets.UTF_8));
        for (byte[] b : new byte[][] {le, be, utf8}) {
            assertThat(TextDecoding.decode(b, StandardCharsets.ISO_8859_1)).isEqualTo(LOG);
            try (Reader r = TextDecoding.reader(new ByteArrayInputStream(b), null)) {
                char[] buf = new char[4096];
                int n = r.read(buf);
                assertThat(new String(buf, 0, n)).isEqualTo(LOG);
            }
        }
    }

    @Test
    void theDeclaredCharsetIsHonouredWithoutAMark() {
        byte[] latin1 = "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1);
        assertThat(TextDecoding.decode(latin1, TextDecoding.declared("text/plain; charset=\"ISO-8859-1\""))).isEqualTo("caf\u00e9");
        assertThat(TextDecoding.declared("text/plain; charset=no-such-charset")).isNull();
        assertThat(TextDecoding.declared("application/json")).isNull();
        assertThat(TextDecoding.decode(latin1, null)).isEqualTo("caf" + TextDecoding.REPLACEMENT);
    }

    @Test
    void invalidBytesBecomeOneWarningWithTheirCountAndFirstLine() {
        String text = LOG + "gpu01:2231:2231 [0] NCCL INFO bad " + TextDecoding.decode(new byte[] {(byte) 0xff, (byte) 0xff}, null) + "\n";
        ParseResult<?> r = Parsers.parse(text);
        assertThat(r.kind()).isEqualTo(Kind.NCCL_LOG);
        assertThat(r.warnings()).filteredOn(w -> w.message().contains("U+FFFD")).singleElement()
                .satisfies(w -> {
                    assertThat(w.line()).isEqualTo(3);
                    assertThat(w.message()).startsWith("2 characters were not valid");
                });
        assertThat(Parsers.parse(LOG).warnings()).noneMatch(w -> w.message().contains("U+FFFD"));
    }
}

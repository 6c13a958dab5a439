package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress line: what it says, when it draws, that it wipes itself, and that analyze's output is unchanged. */
class ProgressTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void saysBytesOfTheTotalTheRateAndTheTimeLeft() {
        assertThat(Progress.line(412_300_000L, 1_073_741_824L, 0, 4 * SECOND))
                .isEqualTo("ncclscope: 412.3 of 1,073.7 MB read (38%), 103.1 MB/s, 7 s left");
        assertThat(Progress.line(181_500_000L, 268_700_000L, 690, 2 * SECOND))
                .isEqualTo("ncclscope: 181.5 of 268.7 MB read (67%), 690 nodes, 90.8 MB/s, 1 s left");
        assertThat(Progress.line(10_000_000L, 1_000_000_000L, 1, 2 * SECOND))
                .isEqualTo("ncclscope: 10.0 of 1,000.0 MB read (1%), 1 node, 5.0 MB/s, 3 min 18 s left");
    }

    @Test
    void saysAnalyzingOnceEveryByteIsReadAndNoTotalWhileItIsUnknown() {
        assertThat(Progress.line(268_700_000L, 268_700_000L, 1024, 3 * SECOND))
                .isEqualTo("ncclscope: 268.7 MB read, 1024 nodes, 89.6 MB/s; analyzing");
        assertThat(Progress.line(5_000_000L, -1, 0, 2 * SECOND)).isEqualTo("ncclscope: 5.0 MB read, 2.5 MB/s");
    }

    @Test
    void drawsNothingInTheFirstSecondThenRedrawsInPlaceAndWipesItselfOnClose() {
        AtomicLong now = new AtomicLong(100 * SECOND);
        StringWriter text = new StringWriter();
        Progress p = new Progress(new PrintWriter(text), 100_000_000L, now::get);
        p.bytesRead(1_000_000L);
        now.addAndGet(SECOND / 2);
        p.draw();
        assertThat(text.toString()).isEmpty();

        now.addAndGet(SECOND / 2);
        p.bytesRead(9_000_000L);
        p.draw();
        String first = "ncclscope: 10.0 of 100.0 MB read (10%), 10.0 MB/s, 9 s left";
        assertThat(text.toString()).isEqualTo("\r" + first);

        now.addAndGet(SECOND);
        p.bytesRead(90_000_000L);
        p.draw();
        String second = "ncclscope: 100.0 MB read, 50.0 MB/s; analyzing";
        // The shorter line blanks what is left of the longer one.
        assertThat(text.toString()).isEqualTo("\r" + first + "\r" + second + " ".repeat(first.length() - second.length()));

        p.close();
        assertThat(text.toString()).endsWith("\r" + " ".repeat(second.length()) + "\r");
        int before = text.toString().length();
        p.draw();
        assertThat(text.toString()).hasSize(before);
    }

    private static CliTest.Run run(boolean terminal, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true), InputStream.nullInputStream(),
                () -> terminal);
        return new CliTest.Run(code, out.toString(), err.toString());
    }

    @Test
    void analyzeOnATerminalWritesTheSameReportAndLeavesNoProgressBehind() {
        String folder = CliTest.CAPTURED.toString();
        CliTest.Run plain = run(false, "analyze", "--format", "json", folder);
        CliTest.Run terminal = run(true, "analyze", "--format", "json", folder);
        CliTest.Run quiet = run(true, "analyze", "--quiet", "--format", "json", folder);

        assertThat(terminal.code()).isEqualTo(plain.code()).isEqualTo(quiet.code());
        assertThat(terminal.out()).isEqualTo(plain.out()).isEqualTo(quiet.out());
        // Whatever was drawn was wiped: the line ends where it started.
        assertThat(terminal.err().replaceAll("\r[^\r]*\r", "")).isEqualTo(plain.err());
        assertThat(quiet.err()).isEqualTo(plain.err());
    }

    @Test
    void sumsTheSizesOfTheFilesToRead() {
        assertThat(Progress.sizeOf(List.of(CliTest.CAPTURED.resolve("nccl/info-1rank.log")))).isEqualTo(6577);
        assertThat(Progress.sizeOf(List.of(CliTest.CAPTURED))).isGreaterThan(6577);
    }
}

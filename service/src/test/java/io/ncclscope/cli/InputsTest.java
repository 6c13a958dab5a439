package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ncclscope.parsers.Kind;
import io.ncclscope.sdk.evidence.Evidence;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The inputs of analyze and parse: files, folders and '-', read one way, a missing path reported and skipped. */
class InputsTest {

    private final StringWriter err = new StringWriter();

    private Inputs inputs(String stdin, String... args) {
        return new Inputs(List.of(args), new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(err, true));
    }

    @Test
    void aMissingPathIsReportedAndTheOthersAreStillRead() throws IOException {
        Inputs in = inputs("", "/no/such/path", CliTest.CAPTURED.resolve("sys/topo-m.txt").toString());
        Evidence e = in.evidence();
        assertThat(in.missing()).isTrue();
        assertThat(err.toString()).isEqualTo("ncclscope: /no/such/path: no such file or folder" + System.lineSeparator());
        assertThat(e.artifacts()).extracting(a -> a.kind()).containsExactly(Kind.TOPO);
    }

    @Test
    void dashIsStandardInputReadWithItsKindFromTheContent() throws IOException {
        String log = Files.readString(CliTest.CAPTURED.resolve("nccl/info-1rank.log"));
        Inputs in = inputs(log, "-");
        Evidence e = in.evidence();
        assertThat(in.missing()).isFalse();
        assertThat(e.artifacts()).hasSize(1);
        assertThat(e.artifacts().get(0).name()).isEqualTo("stdin");
        assertThat(e.artifacts().get(0).kind()).isEqualTo(Kind.NCCL_LOG);
        assertThat(e.nodes()).containsExactly("vm");
    }

    @Test
    void aFolderIsABundleForAnalyzeAndAnErrorForAReader() {
        Inputs in = inputs("", CliTest.CAPTURED.toString());
        List<Inputs.Input> all = in.existing();
        assertThat(all).hasSize(1);
        assertThat(all.get(0).isStdin()).isFalse();
        assertThatThrownBy(() -> in.reader(all.get(0))).isInstanceOf(IOException.class).hasMessageContaining("is a folder");
    }

    @Test
    void parseAndAnalyzeSayTheSameAboutAMissingPath() {
        CliTest.Run parse = CliTest.run("parse", "/no/such/file");
        CliTest.Run analyze = CliTest.run("analyze", "/no/such/file");
        assertThat(parse.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(analyze.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(parse.err()).startsWith("ncclscope: /no/such/file: no such file or folder");
        assertThat(analyze.err()).startsWith("ncclscope: /no/such/file: no such file or folder");
    }

    @Test
    void undecodableBytesAreReplacedNotFatal() throws IOException {
        byte[] bytes = {'G', 'P', 'U', (byte) 0xff, '\n'};
        Inputs in = new Inputs(List.of("-"), new ByteArrayInputStream(bytes), new PrintWriter(err, true));
        try (var r = in.reader(in.existing().get(0))) {
            char[] buf = new char[16];
            int n = r.read(buf);
            assertThat(new String(buf, 0, n)).isEqualTo("GPU\uFFFD\n");
        }
    }

    @Test
    void aMissingPathAmongGoodOnesStillPrintsTheReportButExitsTwo() {
        CliTest.Run r = CliTest.run("analyze", "--format", "json", "/no/such/file", CliTest.CAPTURED.toString());
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.out()).contains("\"verdict\"");
    }
}

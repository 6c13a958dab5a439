package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Kind;
import io.ncclscope.sdk.evidence.Evidence;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 22: the CLI caps what it unpacks and cleans up on exit and on signals; it decodes text by the one rule. */
class BoundedInputsTest {

    static final String LOG = "gpu01:2231:2231 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.11<0>\n"
            + "gpu01:2231:2231 [0] NCCL INFO Using network Socket\n";

    @TempDir
    Path tmp;

    private Path zip(String name, int files, int bytesEach) throws IOException {
        Path zip = tmp.resolve(name);
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (int i = 0; i < files; i++) {
                z.putNextEntry(new ZipEntry("bundle/node" + i + "/job.log"));
                ((OutputStream) z).write(("x".repeat(bytesEach)).getBytes(StandardCharsets.US_ASCII));
                z.closeEntry();
            }
        }
        return zip;
    }

    @Test
    void anArchiveOverTheUnpackedSizeIsRefusedWithTheFlagNamed() throws IOException {
        Path zip = zip("big.zip", 4, 1 << 20);
        CliTest.Run r = CliTest.run("analyze", "--max-unpacked-size", "1000000", zip.toString());
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("unpacks to more than 1000000 bytes");
    }

    @Test
    void foldersAndDepthCountAgainstTheArchiveLimits() throws IOException {
        Path zip = zip("many.zip", 10, 10);
        CliTest.Run r = CliTest.run("analyze", "--max-archive-entries", "5", zip.toString());
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("more than 5 files and folders");
        CliTest.Run deep = CliTest.run("analyze", "--max-archive-depth", "1", zip.toString());
        assertThat(deep.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(deep.err()).contains("nested deeper than 1 folders");
    }

    @Test
    void theDefaultsAreDocumentedInHelp() {
        CliTest.Run r = CliTest.run("analyze", "--help");
        assertThat(r.out()).contains("--max-unpacked-size").contains("--max-archive-entries").contains("--max-archive-depth");
    }

    @Test
    void aShutdownHookDeletesWhatWasUnpackedWhenTheProcessIsEnded() throws IOException {
        Path zip = zip("small.zip", 2, 10);
        StringWriter err = new StringWriter();
        Inputs in = new Inputs(List.of(zip.toString()), new ByteArrayInputStream(new byte[0]), new PrintWriter(err, true));
        in.paths();
        List<Path> unpacked = in.temporary();
        assertThat(unpacked).hasSize(1).allMatch(Files::isDirectory);
        Thread hook = in.cleanupHook();
        assertThat(hook).as("registered while files are unpacked").isNotNull();
        // What the JVM does on SIGINT or SIGTERM: run the hook (here by hand, then take it back).
        hook.run();
        assertThat(unpacked).noneMatch(Files::exists);
        in.close();
        assertThat(Runtime.getRuntime().removeShutdownHook(hook)).as("close() took the hook back").isFalse();
    }

    @Test
    void utf16WithABomIsReadFromFilesAndStandardInput() throws IOException {
        byte[] body = LOG.getBytes(StandardCharsets.UTF_16LE);
        byte[] utf16 = new byte[body.length + 2];
        utf16[0] = (byte) 0xFF;
        utf16[1] = (byte) 0xFE;
        System.arraycopy(body, 0, utf16, 2, body.length);
        Path file = Files.write(tmp.resolve("powershell.log"), utf16);
        Evidence fromFile = new Inputs(List.of(file.toString()), new ByteArrayInputStream(new byte[0]),
                new PrintWriter(new StringWriter())).evidence();
        assertThat(fromFile.artifacts()).extracting(a -> a.kind()).containsExactly(Kind.NCCL_LOG);
        assertThat(fromFile.nodes()).containsExactly("gpu01");
        Evidence fromStdin = new Inputs(List.of("-"), new ByteArrayInputStream(utf16), new PrintWriter(new StringWriter())).evidence();
        assertThat(fromStdin.artifacts()).extracting(a -> a.kind()).containsExactly(Kind.NCCL_LOG);
        assertThat(fromStdin.nodes()).containsExactly("gpu01");
    }

    @Test
    void invalidBytesAreReplacedAndWarnedAboutAsTheServiceDoes() throws IOException {
        byte[] bad = (LOG + "gpu01:2231:2231 [0] NCCL INFO bad ?\n").getBytes(StandardCharsets.UTF_8);
        bad[bad.length - 2] = (byte) 0xff;
        Path file = Files.write(tmp.resolve("bad.log"), bad);
        CliTest.Run r = CliTest.run("parse", "--format", "json", file.toString());
        assertThat(r.out()).contains("U+FFFD").contains("first on line 3");
    }
}

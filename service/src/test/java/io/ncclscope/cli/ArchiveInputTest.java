package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** analyze and report take a collect bundle as an archive, as collect --out F.tar.gz writes it, and leave no files. */
class ArchiveInputTest {

    static final Path BEFORE = Path.of("../examples/captured/h200-bundle/before");

    @TempDir
    Path tmp;

    @Test
    void analyzeReadsATarGzBundleLikeItsFolder() throws Exception {
        Path tgz = tmp.resolve("vm-bundle.tar.gz");
        Process p = new ProcessBuilder("tar", "-czf", tgz.toString(), "-C", BEFORE.getParent().toString(), "before")
                .inheritIO().start();
        assertThat(p.waitFor()).isZero();
        long before = leftovers();
        CliTest.Run fromArchive = CliTest.run("analyze", "--format", "json", tgz.toString());
        CliTest.Run fromFolder = CliTest.run("analyze", "--format", "json", BEFORE.toString());
        assertThat(fromArchive.err()).isEmpty();
        assertThat(fromArchive.code()).isEqualTo(fromFolder.code()).isZero();
        assertThat(fromArchive.out()).contains("\"verdict\"").contains("\"vm\"");
        assertThat(codes(fromArchive.out())).isEqualTo(codes(fromFolder.out()));
        assertThat(leftovers()).as("unpacked folders deleted").isEqualTo(before);
    }

    @Test
    void analyzeReadsAZipOfNodeFolders() throws Exception {
        Path zip = tmp.resolve("cluster.zip");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(zip)); Stream<Path> s = Files.walk(CliTest.CAPTURED)) {
            for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                z.putNextEntry(new ZipEntry("cluster/gpu-a/" + CliTest.CAPTURED.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, (OutputStream) z);
                z.closeEntry();
            }
        }
        CliTest.Run r = CliTest.run("analyze", zip.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(Main.PROBLEMS);
        assertThat(r.out()).contains("NCCL_DUPLICATE_GPU");
    }

    @Test
    void aBrokenArchiveIsBadInputWithItsName() throws Exception {
        Path bad = tmp.resolve("broken.tar.gz");
        Files.writeString(bad, "not gzip at all");
        CliTest.Run r = CliTest.run("analyze", bad.toString());
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("broken.tar.gz");
    }

    private static List<String> codes(String json) {
        return json.lines().filter(l -> l.contains("\"code\"")).map(String::trim).sorted().toList();
    }

    private static long leftovers() throws IOException {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("ncclscope-archive-")).count();
        }
    }
}

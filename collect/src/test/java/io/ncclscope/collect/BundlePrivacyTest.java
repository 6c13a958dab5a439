package io.ncclscope.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a bundle lets other users of the node see and do: nothing to read, no planted tool run, no link followed. */
class BundlePrivacyTest {

    @Test
    void everyFolderOfABundleIs0700AndEveryFile0600(@TempDir Path tmp) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path ethtool = bin.resolve("ethtool");
        Files.writeString(ethtool, "#!/bin/sh\necho \"Settings for $*:\"\n");
        ethtool.toFile().setExecutable(true);
        Path b = tmp.resolve("b");
        CollectorTest.noTools(tmp).searchPath(List.of(bin.toString())).build().collect(b, Progress.NONE);

        try (Stream<Path> s = Files.walk(b)) {
            List<Path> all = s.toList();
            assertThat(all).filteredOn(Files::isRegularFile).hasSizeGreaterThan(5)
                    .allSatisfy(f -> assertThat(mode(f)).as(f.toString()).isEqualTo("rw-------"));
            assertThat(all).filteredOn(Files::isDirectory).contains(b, b.resolve("net"), b.resolve("ib"))
                    .allSatisfy(d -> assertThat(mode(d)).as(d.toString()).isEqualTo("rwx------"));
        }
    }

    @Test
    void tarEntriesAreOwnerOnlyToo(@TempDir Path tmp) throws IOException {
        Path b = tmp.resolve("b");
        CollectorTest.noTools(tmp).node("gpu07").build().collect(b, Progress.NONE);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Bundles.tar(b, "gpu07", 1_800_000_000L, bytes, false);
        byte[] tar = bytes.toByteArray();
        // The first header is the node folder, the second a file: the mode field is at offset 100.
        assertThat(new String(tar, 100, 7, StandardCharsets.US_ASCII)).isEqualTo("0000700");
        assertThat(new String(tar, 512 + 100, 7, StandardCharsets.US_ASCII)).isEqualTo("0000600");
    }

    @Test
    void aLinkPlantedAsTheBundleFolderIsRefused(@TempDir Path tmp) throws IOException {
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Path link = Files.createSymbolicLink(tmp.resolve("b"), elsewhere);
        assertThatThrownBy(() -> CollectorTest.noTools(tmp).build().collect(link, Progress.NONE))
                .isInstanceOf(IOException.class).hasMessageContaining("symbolic link");
        try (Stream<Path> s = Files.list(elsewhere)) {
            assertThat(s).isEmpty();
        }
    }

    @Test
    void privateFilesAreCreatedNewAndNeverThroughALink(@TempDir Path tmp) throws IOException {
        Path target = Files.writeString(tmp.resolve("target"), "keep");
        Path link = Files.createSymbolicLink(tmp.resolve("out.txt"), target);
        assertThatThrownBy(() -> PrivateFiles.writeString(link, "overwritten")).isInstanceOf(IOException.class);
        assertThat(Files.readString(target)).isEqualTo("keep");
        Path dirLink = Files.createSymbolicLink(tmp.resolve("d"), Files.createDirectories(tmp.resolve("real")));
        assertThatThrownBy(() -> PrivateFiles.createDirectories(dirLink)).hasMessageContaining("symbolic link");
        Path deep = PrivateFiles.createDirectories(tmp.resolve("x/y/z"));
        assertThat(mode(deep)).isEqualTo("rwx------");
        assertThat(mode(tmp.resolve("x"))).isEqualTo("rwx------");
    }

    @Test
    void toolsComeFromTheSystemFoldersFirstAndNeverFromRelativePathEntries() {
        List<String> dirs = ToolSearchPath.of(".:bin::/opt/mellanox/bin:/usr/bin:/home/u/bin:");
        assertThat(dirs).startsWith(ToolSearchPath.SYSTEM.toArray(String[]::new))
                .endsWith("/opt/mellanox/bin", "/home/u/bin")
                .doesNotContain(".", "bin", "").doesNotHaveDuplicates();
        assertThat(ToolSearchPath.find(dirs, "../sh")).isNull();
        assertThat(ToolSearchPath.find(dirs, "/bin/sh")).isNull();
    }

    @Test
    void aToolPlantedInTheWorkingFolderIsNotRunEvenWithDotOnPath(@TempDir Path tmp) throws IOException {
        // The current folder is what "." and an empty PATH entry mean; a relative entry must never be searched.
        Path planted = Path.of("").toAbsolutePath().resolve("ncclscope-planted-tool");
        Files.writeString(planted, "#!/bin/sh\necho pwned\n");
        try {
            planted.toFile().setExecutable(true);
            assertThat(ToolSearchPath.find(ToolSearchPath.of(".::"), planted.getFileName().toString())).isNull();
            assertThat(ToolSearchPath.find(List.of("."), planted.getFileName().toString())).isNull();
            assertThat(ToolSearchPath.find(List.of(planted.getParent().toString()), planted.getFileName().toString()))
                    .as("the same file is found from an absolute folder").isEqualTo(planted);
        } finally {
            Files.delete(planted);
        }
    }

    @Test
    void aSystemToolShadowsAUsersCopyOnPath(@TempDir Path tmp) throws IOException {
        Path userBin = Files.createDirectories(tmp.resolve("home-bin"));
        Path fake = userBin.resolve("sh");
        Files.writeString(fake, "#!/bin/sh\n");
        fake.toFile().setExecutable(true);
        Path found = ToolSearchPath.find(ToolSearchPath.of(userBin + ":/usr/bin"), "sh");
        assertThat(found).isNotNull().isNotEqualTo(fake);
        assertThat(found.getParent().toString()).isIn(ToolSearchPath.SYSTEM);
    }

    private static String mode(Path p) {
        try {
            return PosixFilePermissions.toString(Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}

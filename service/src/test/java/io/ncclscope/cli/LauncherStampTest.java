package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./ncclscope} launcher of a source checkout builds only when the sources changed: {@code ./mvnw package}
 * writes {@code service/target/quarkus-app/} afresh, and a build stamp inside it would go with it and make the next
 * run rebuild for nothing (issue 19). Run on a copy of the launcher in a checkout of stand-ins: a {@code mvnw} that
 * counts its builds and a {@code java} that says it ran.
 */
class LauncherStampTest {

    @Test
    void aPackageRunDoesNotMakeTheNextLaunchRebuild(@TempDir Path root) throws Exception {
        Path bash = Path.of("/bin/bash");
        Assumptions.assumeTrue(Files.isExecutable(bash), "no bash here");
        Files.copy(Path.of("../ncclscope"), root.resolve("ncclscope"), StandardCopyOption.COPY_ATTRIBUTES);
        FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000L);
        for (String m : new String[] {"", "parsers/", "collect/", "sdk/", "service/"}) {
            Path pom = root.resolve(m + "pom.xml");
            Files.createDirectories(pom.getParent());
            Files.writeString(pom, "<project/>\n", StandardCharsets.UTF_8);
            Files.setLastModifiedTime(pom, old);
            if (!m.isEmpty()) {
                Path src = Files.createDirectories(root.resolve(m + "src/main"));
                Files.setLastModifiedTime(src, old);
            }
        }
        // The stand-in build writes quarkus-app/ afresh, as Quarkus' package does, and counts itself.
        executable(root.resolve("mvnw"), "#!/bin/bash\necho build >> \"$(dirname \"$0\")/builds.txt\"\n"
                + "rm -rf \"$(dirname \"$0\")/service/target/quarkus-app\"\n"
                + "mkdir -p \"$(dirname \"$0\")/service/target/quarkus-app\"\n"
                + "echo jar > \"$(dirname \"$0\")/service/target/quarkus-app/quarkus-run.jar\"\n");
        Path jdk = root.resolve("jdk");
        executable(jdk.resolve("bin/java"), "#!/bin/bash\necho ran\n");

        assertThat(launch(root, jdk)).contains("ran");
        assertThat(builds(root)).as("the first launch builds").isEqualTo(1);
        assertThat(launch(root, jdk)).contains("ran");
        assertThat(builds(root)).as("nothing changed: no build").isEqualTo(1);

        // './mvnw package' by hand: quarkus-app/ written afresh. The stamp beside it stays; no rebuild follows.
        Process pkg = new ProcessBuilder("/bin/bash", root.resolve("mvnw").toString()).start();
        assertThat(pkg.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(builds(root)).isEqualTo(2);
        assertThat(launch(root, jdk)).contains("ran");
        assertThat(builds(root)).as("a package run by hand does not make the next launch rebuild").isEqualTo(2);

        // A source changed after the last build: the next launch builds.
        Files.writeString(root.resolve("sdk/src/main/Changed.java"), "class Changed {}\n", StandardCharsets.UTF_8);
        Files.setLastModifiedTime(root.resolve("sdk/src/main/Changed.java"), FileTime.fromMillis(System.currentTimeMillis() + 60_000L));
        assertThat(launch(root, jdk)).contains("ran");
        assertThat(builds(root)).as("a changed source is rebuilt").isEqualTo(3);
    }

    private static void executable(Path f, String text) throws IOException {
        Files.createDirectories(f.getParent());
        Files.writeString(f, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static String launch(Path root, Path jdk) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("/bin/bash", root.resolve("ncclscope").toString(), "--version").redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", jdk.toString());
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    private static long builds(Path root) throws IOException {
        Path f = root.resolve("builds.txt");
        return Files.exists(f) ? Files.readAllLines(f, StandardCharsets.UTF_8).size() : 0;
    }
}

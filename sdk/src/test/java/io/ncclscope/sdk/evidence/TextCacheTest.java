package io.ncclscope.sdk.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextCacheTest {

    @Test
    void holdsOnlyTheFilesQuotedLastWithinItsBudget(@TempDir Path dir) throws Exception {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            Path f = dir.resolve("f" + i + ".txt");
            Files.writeString(f, ("line of file " + i + "\n").repeat(10)); // about 170 chars each
            files.add(f);
        }
        TextCache cache = new TextCache(1_000);
        for (Path f : files) {
            assertThat(cache.lines(f)).hasSize(10);
            assertThat(cache.held()).isLessThanOrEqualTo(1_000);
        }
        assertThat(cache.size()).isBetween(1, 6);
        // An evicted file is read again, with the same lines.
        assertThat(cache.lines(files.get(0)).get(9)).isEqualTo("line of file 0");
    }

    @Test
    void aFileLargerThanTheBudgetIsStillQuotedAndStaysUntilTheNext(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("big.log");
        Files.writeString(big, "x".repeat(5_000) + "\nlast\n");
        TextCache cache = new TextCache(1_000);
        List<String> first = cache.lines(big);
        assertThat(first).containsExactly("x".repeat(5_000), "last");
        assertThat(cache.lines(big)).isSameAs(first);
        Path small = dir.resolve("small.txt");
        Files.writeString(small, "a\n");
        cache.lines(small);
        assertThat(cache.size()).isEqualTo(1);
    }

    @Test
    void quotesOfABundleShareOneBoundedCache(@TempDir Path dir) throws Exception {
        String topo = Files.readString(EvidenceTest.H200.resolve("sys/topo-m.txt"));
        for (int i = 0; i < 40; i++) {
            Files.createDirectories(dir.resolve("node" + i));
            Files.writeString(dir.resolve("node" + i + "/topo.txt"), topo);
        }
        Evidence e = Evidence.builder().addPath(dir).build();
        for (Artifact a : e.artifacts()) assertThat(a.quote(2).text()).contains("GPU0");
        // Re-reading after eviction gives the same text as the first read.
        assertThat(e.artifacts().get(0).quote(1).text()).isEqualTo("$ nvidia-smi topo -m");
    }

    @Test
    void anOfferedTextIsQuotedWithoutReadingTheFileAgain(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("offered.txt");
        Files.writeString(f, "written later\n");
        TextCache cache = new TextCache(1_000);
        // The text as the parser read it, cut into lines as every parser sees them (CRLF, ANSI escapes).
        cache.offer(f, "first\r\n\u001b[1msecond\u001b[0m\n");
        assertThat(cache.held()).isEqualTo(22);
        assertThat(cache.lines(f)).containsExactly("first", "second");
        assertThat(cache.lines(f)).isSameAs(cache.lines(f));
    }

    @Test
    void offeredTextsShareTheBudgetWithQuotedFiles(@TempDir Path dir) throws Exception {
        TextCache cache = new TextCache(1_000);
        for (int i = 0; i < 20; i++) cache.offer(dir.resolve("f" + i), "x".repeat(99) + "\n");
        assertThat(cache.held()).isEqualTo(1_000);
        assertThat(cache.size()).isEqualTo(10);
        // The oldest went: its file (never written) is read when quoted, and cannot be.
        assertThat(cache.lines(dir.resolve("f0"))).isEmpty();
        assertThat(cache.lines(dir.resolve("f19"))).containsExactly("x".repeat(99));
    }

    @Test
    void aFileOfABundleIsQuotedAsParsedAfterItChanges(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("node1/topo.txt");
        Files.createDirectories(f.getParent());
        Files.copy(EvidenceTest.H200.resolve("sys/topo-m.txt"), f);
        Evidence e = Evidence.builder().addPath(dir).build();
        Files.writeString(f, "changed\n");
        // Read once, to be parsed: the quote is the line the parser saw, not the file as it is now.
        assertThat(e.artifacts().get(0).quote(1).text()).isEqualTo("$ nvidia-smi topo -m");
    }

    @Test
    void aFileGoneAfterParsingQuotesNothing(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("gone.txt");
        Files.writeString(f, "a\n");
        TextCache cache = new TextCache(1_000);
        Files.delete(f);
        assertThat(cache.lines(f)).isEmpty();
        assertThat(cache.size()).isZero();
    }
}

package io.ncclscope.parsers.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.Kind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@link ChunkLineFacts} writes for a line is what the line gives: over every line of every corpus NCCL log and
 * of lines that start alike in bytes only, the pairs it writes are those {@link LineBigrams#read(String)} learns, with
 * {@link ChunkLineFacts#INERT} exactly when the line holds none of {@link NcclLogScanner#OTHER_WORDS}; and a line it
 * calls a repeat shares that many characters with the line before, which end in {@code NCCL INFO }, and comes with the
 * {@link LineRegions#messageHash} of the rest (0 when that holds a {@code ?}).
 */
class ChunkLineFactsTest {

    @Test
    void factsAreWhatEachLineGives() throws IOException {
        List<List<String>> texts = new ArrayList<>();
        for (Corpus.Entry e : Corpus.allEntries()) {
            if (e.kind().equals(Kind.NCCL_LOG.id()) && Files.isRegularFile(e.path())) {
                texts.add(Files.readAllLines(e.path(), StandardCharsets.ISO_8859_1));
            }
        }
        texts.add(List.of("节点-a:10:10 [0] NCCL INFO x", "节灯-a:10:10 [0] NCCL INFO x", "节灯-a:10:10 [0] NCCL INFO y",
                "vm:1:1 [0] NCCL INFO a", "vm:1:1 [0] NCCL INFO b", "vm:1:2 [0] NCCL INFO c", "", "vm:1:2 [0] NCCL INFO d",
                "vm:1:2 [0] NCCL INFO e", "vm:1:2 [0] NCCL INFO ", "vm:1:2 [0] NCCL INF", "vm:1:2 [0] NCCL INFO 1",
                "vm:1:2 [0] NCCL INFO abc?", "vm:1:2 [0] NCCL INFO abcde?fghi", "vm:1:2 [0] NCCL INFO 12345678",
                "Traceback (most recent call last):", "RuntimeError: x", "[rank0]: NCCL error", "ok"));
        LineBigrams bigrams = new LineBigrams();
        long paired = 0;
        long inert = 0;
        long repeats = 0;
        long hashed = 0;
        for (List<String> lines : texts) {
            ChunkLineFacts facts = new ChunkLineFacts();
            long[] out = new long[ChunkLineFacts.WIDTH];
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                byte[] latin1 = line.getBytes(StandardCharsets.ISO_8859_1);
                out[0] = out[1] = out[2] = 0;
                if (!facts.map(latin1, 0, latin1.length, out, 0)) continue;
                if (out[0] != 0) {
                    bigrams.read(line);
                    assertThat(new long[] {bigrams.low(), bigrams.high()}).as(line).containsExactly(out[0], out[1]);
                    boolean holds = false;
                    for (LineBigrams.Word w : NcclLogScanner.OTHER_WORDS) holds |= line.contains(w.text());
                    assertThat(out[2]).as(line).isEqualTo(holds ? 0 : ChunkLineFacts.INERT);
                    paired++;
                    if (!holds) inert++;
                } else {
                    int same = (int) out[1];
                    String before = lines.get(i - 1);
                    assertThat(line.regionMatches(0, before, 0, same)).as(line).isTrue();
                    assertThat(before.substring(0, same)).as(before).endsWith("NCCL INFO ");
                    long hash = line.indexOf('?', same) >= 0 ? 0 : LineRegions.messageHash(line, same, line.length());
                    assertThat(out[2]).as(line).isEqualTo(hash);
                    repeats++;
                    if (hash != 0) hashed++;
                }
            }
        }
        assertThat(paired).isPositive();
        assertThat(repeats).isPositive();
        assertThat(inert).isPositive().isLessThan(paired);
        assertThat(hashed).isPositive().isLessThan(repeats);
    }
}

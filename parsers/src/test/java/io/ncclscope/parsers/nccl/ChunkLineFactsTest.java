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
 * exactly the {@link NcclLogScanner#SOUGHT} words the line holds (so {@link ChunkLineFacts#inert} exactly when it holds
 * none of {@link NcclLogScanner#OTHER_WORDS}); and a line it
 * calls a repeat shares that many characters with the line before, which end in {@code NCCL INFO }, and comes with the
 * {@link LineRegions#messageHash} of the rest (0 when that holds a {@code ?}).
 */
class ChunkLineFactsTest {

    private static final List<LineBigrams.Word> SOUGHT = NcclLogScanner.SOUGHT.words();

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
                "Traceback (most recent call last):", "RuntimeError: x", "[rank0]: NCCL error", "ok",
                "[W1205 02:19:44.8 ProcessGroupNCCL.cpp:1575] Warning: x", "a Broken pip", "a Broken pipe", "Broken pipe [",
                "x.cc:12 WARN y", "INFO: Function: f Line: 1: x", "h:1:1 [0] INFO x", "NCCL failure a.cu:1 'b'",
                "torch.distributed.DistBackendError: NCCL error in: x, NCCL version 2.28.9", "CUDA error: out of memory",
                "Watchdog caught collective operation timeout", "节 NCCL_DEBUG=INFO ChildFailedError", "?NCCL ?rror"));
        LineBigrams bigrams = new LineBigrams();
        long paired = 0;
        long inert = 0;
        long repeats = 0;
        long hashed = 0;
        long counted = 0;
        for (List<String> lines : texts) {
            ChunkLineFacts facts = new ChunkLineFacts();
            long[] out = new long[ChunkLineFacts.WIDTH];
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                byte[] latin1 = line.getBytes(StandardCharsets.ISO_8859_1);
                out[0] = out[1] = out[2] = out[3] = 0;
                if (!facts.map(latin1, 0, latin1.length, out, 0)) continue;
                if (out[0] != 0) {
                    bigrams.read(line);
                    assertThat(new long[] {bigrams.low(), bigrams.high()}).as(line).containsExactly(out[0], out[1]);
                    long held = LineBigrams.HELD_KNOWN;
                    for (LineBigrams.Word w : SOUGHT) {
                        if (line.contains(w.text())) held |= NcclLogScanner.SOUGHT.bits(w);
                    }
                    assertThat(out[2]).as(line).isEqualTo(held);
                    boolean holds = false;
                    for (LineBigrams.Word w : NcclLogScanner.OTHER_WORDS) holds |= line.contains(w.text());
                    assertThat(ChunkLineFacts.inert(out[2])).as(line).isEqualTo(!holds);
                    boolean marker = false;
                    for (LineBigrams.Word w : NcclLinePrefix.MARKER_WORDS) marker |= line.contains(w.text());
                    assertThat(out[3]).as(line).isEqualTo(holds || marker ? 0 : ChunkLineFacts.RUN_INERT | 1);
                    paired++;
                    if (!holds) inert++;
                } else {
                    int same = (int) out[1];
                    String before = lines.get(i - 1);
                    assertThat(line.regionMatches(0, before, 0, same)).as(line).isTrue();
                    assertThat(before.substring(0, same)).as(before).endsWith("NCCL INFO ");
                    boolean keyed = (out[3] & ChunkLineFacts.RUN_KEYED) != 0;
                    long hash = line.indexOf('?', same) >= 0 || out[3] != 0 && !keyed ? 0 : LineRegions.messageHash(line, same, line.length());
                    if (keyed) assertThat(out[3] & ChunkLineFacts.KEY_BITS).as(line).isNotZero();
                    assertThat(out[2]).as(line).isEqualTo(hash);
                    assertThat(out[3] & ChunkLineFacts.RUN_LENGTH).as(line).isIn(0L, 1L);
                    repeats++;
                    if (out[3] != 0) counted++;
                    if (hash != 0) hashed++;
                }
            }
        }
        assertThat(paired).isPositive();
        assertThat(repeats).isPositive();
        assertThat(inert).isPositive().isLessThan(paired);
        assertThat(hashed).isPositive().isLessThan(repeats);
        assertThat(counted).isPositive().isLessThan(repeats);
    }

    /**
     * After the chunk's last line, each line the scanner may count without reading tells of the run of such lines from
     * it on: their count, whether a ring listing or a line to look up is among them and their largest channel count,
     * and its own kind of look-up; INFO and inert lines make separate runs.
     */
    @Test
    void eachCountedLineTellsOfItsRunFromItOn() {
        String p = "vm:1:1 [0] NCCL INFO ";
        List<String> lines = List.of(p + "comm 0x1 rank 0 nranks 2", p + "NCCL_P2P_LEVEL set by environment to NVL", p + "Channel 00/24 :    0   1",
                p + "Channel 01/32 :    0   1", p + "Ring 00 : 0 -> 1 -> 0", p + "NET/IB : No device found.",
                p + "Tree 0 : -1 -> 0 -> 1/-1/-1", "  File \"ddp.py\", line 6", "    main()", p + "Init timings", "oops NCCL error");
        ChunkLineFacts facts = new ChunkLineFacts();
        long[] out = new long[lines.size() * ChunkLineFacts.WIDTH];
        for (int i = 0; i < lines.size(); i++) {
            byte[] b = lines.get(i).getBytes(StandardCharsets.ISO_8859_1);
            if (!facts.map(b, 0, b.length, out, i * ChunkLineFacts.WIDTH)) {
                java.util.Arrays.fill(out, i * ChunkLineFacts.WIDTH, (i + 1) * ChunkLineFacts.WIDTH, 0L);
            }
        }
        facts.finish(out, lines.size());
        long rings = ChunkLineFacts.RUN_RINGS | ChunkLineFacts.RUN_CHANNELS;
        long inert = ChunkLineFacts.RUN_INERT;
        long keyed = ChunkLineFacts.RUN_KEYED;
        long seen = (long) InfoFolds.KEY_SEEN << ChunkLineFacts.KEY_SHIFT;
        long noDevice = (long) (InfoFolds.KEY_EVENT + 4) << ChunkLineFacts.KEY_SHIFT;
        assertThat(InfoFolds.EVENT_KINDS[4]).isEqualTo(EventKind.NET_IB_NO_DEVICE);
        long[] runs = new long[lines.size()];
        for (int i = 0; i < runs.length; i++) runs[i] = out[i * ChunkLineFacts.WIDTH + 3];
        assertThat(runs).containsExactly(0, 6 | rings | keyed | seen | 32L << 32,
                5 | rings | keyed | 32L << 32, 4 | rings | keyed | 32L << 32, 3 | keyed, 2 | keyed | noDevice, 1,
                2 | inert, 1 | inert, 0, 0);
    }
}

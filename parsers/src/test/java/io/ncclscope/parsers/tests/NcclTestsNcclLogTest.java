package io.ncclscope.parsers.tests;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.json.Json;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclLogParser;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The NCCL log an nccl-tests parse reads from the output's NCCL debug lines as it goes ({@link NcclTestsData#ncclLog()})
 * holds the facts a parse of the whole output as an NCCL log finds, line numbers included: the analyzers read it in
 * place of a second parse. The record's JSON form leaves it out.
 */
class NcclTestsNcclLogTest {

    private static final NcclTestsParser TESTS = new NcclTestsParser();
    private static final NcclLogParser NCCL = new NcclLogParser();

    static Stream<String> outputs() {
        List<String> names = new ArrayList<>(List.of("captured/h200-1gpu/tests/all_reduce_info.txt",
                "captured/h200-1gpu/tests/all_reduce.txt", "captured/h200-1gpu/tests/all_reduce.json"));
        for (Corpus.Entry e : Corpus.allEntries()) {
            if (e.kind().equals("nccl-tests")) names.add(e.file());
        }
        return names.stream();
    }

    private static String text(String name) {
        if (name.startsWith("captured/")) return NcclTestsCorpusTest.capturedText(name);
        return Corpus.allEntries().stream().filter(e -> e.file().equals(name)).findFirst().orElseThrow().text();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("outputs")
    void theOutputsNcclLogIsTheWholeOutputReadAsAnNcclLog(String name) {
        String text = text(name);
        NcclTestsData d = TESTS.parse(text).data();
        if (d.ncclLogLines() == 0) {
            assertThat(d.ncclLog()).as(name).isNull();
        } else {
            assertThat(d.ncclLog()).as(name).isEqualTo(NCCL.parse(text).data());
        }
        assertThat(Json.write(d)).as(name).doesNotContain("\"ncclLog\"");
    }

    @Test
    void capturedOutputWithNcclInfoLinesHasItsLog() {
        NcclTestsData d = TESTS.parse(NcclTestsCorpusTest.capturedText("captured/h200-1gpu/tests/all_reduce_info.txt")).data();
        NcclLog log = d.ncclLog();
        assertThat(log).isNotNull();
        assertThat(log.ncclLines()).isEqualTo(d.ncclLogLines());
        assertThat(log.hosts()).containsExactly("vm");
    }

    @Test
    void linesBeforeTheFirstNcclLineKeepTheirNumbers() {
        String text = "$ NCCL_DEBUG=INFO ./build/all_reduce_perf -b 8 -e 8 -g 1\n"
                + "# nccl-tests version 2.17.1 nccl-headers=22809 nccl-library=22809\n"
                + "# nThread 1 nGpus 1 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20\n"
                + "#\n"
                + "node7:100:100 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.7<0>\n"
                + "node7:100:100 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0\n";
        NcclTestsData d = TESTS.parse(text).data();
        assertThat(d.ncclLogLines()).isEqualTo(2);
        assertThat(d.ncclLog()).isEqualTo(NCCL.parse(text).data());
        // NCCL_DEBUG from the command line (line 1), NCCL_SOCKET_IFNAME from NCCL's own line (line 6).
        assertThat(d.ncclLog().envSettings()).extracting(s -> s.line()).contains(1, 6);
        assertThat(d.ncclLog().command()).isNotNull();
    }

    @Test
    void anNcclLineAfterMoreThanTheHeldBoundIsStillRead() {
        // Past 4 Mi characters before the first NCCL line the log stops holding lines and reads them as they come.
        StringBuilder sb = new StringBuilder("# nccl-tests version 2.17.1 nccl-headers=22809 nccl-library=22809\n");
        String filler = "# " + "x".repeat(98) + "\n";
        while (sb.length() < (5 << 20)) sb.append(filler);
        sb.append("node7:100:100 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0\n");
        String text = sb.toString();
        NcclTestsData d = TESTS.parse(text).data();
        assertThat(d.ncclLogLines()).isEqualTo(1);
        assertThat(d.ncclLog()).isEqualTo(NCCL.parse(text).data());
    }

    @Test
    void anOutputWithoutNcclLinesHasNoLog() {
        NcclTestsData d = TESTS.parse(NcclTestsCorpusTest.capturedText("captured/h200-1gpu/tests/all_reduce.txt")).data();
        assertThat(d.ncclLogLines()).isZero();
        assertThat(d.ncclLog()).isNull();
    }
}

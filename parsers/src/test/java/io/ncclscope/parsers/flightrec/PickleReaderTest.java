package io.ncclscope.parsers.flightrec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.json.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The restricted pickle reader and the column table of entries: a dump pickled as torch's pickler writes it (strings
 * memoized) reads to the same records as its JSON form, every field of an entry survives the table, and hostile
 * pickles (memo bombs, deep marks, keys set twice) stay bounded.
 */
class PickleReaderTest {

    static ParseResult<FlightRecorderDump> pickle(byte[] b) throws IOException {
        return FlightRecorderParser.parsePickle(new ByteArrayInputStream(b), ParseLimits.DEFAULTS);
    }

    static Stream<Path> jsonDumps() throws IOException {
        try (Stream<Path> s = Files.walk(FlightRecorderParserTest.EXAMPLES)) {
            return s.filter(p -> p.getFileName().toString().matches("nccl_trace_rank_\\d+\\.json")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jsonDumps")
    void aMemoizedPickleReadsAsItsJsonForm(Path json) throws Exception {
        String text = Files.readString(json, StandardCharsets.UTF_8);
        FlightRecorderDump fromJson = (FlightRecorderDump) new FlightRecorderParser().parse(new java.io.StringReader(text),
                ParseLimits.DEFAULTS).data();
        for (boolean memoize : new boolean[] {true, false}) {
            ParseResult<FlightRecorderDump> r = pickle(new PickleWriter(memoize).value(Json.parse(text)).bytes());
            assertThat(r.warnings()).isEmpty();
            assertThat(r.data().pickled()).isTrue();
            assertThat(r.data().entries()).isEqualTo(fromJson.entries()).isNotEmpty();
            assertThat(r.data().status()).isEqualTo(fromJson.status());
            assertThat(r.data().processGroups()).isEqualTo(fromJson.processGroups());
        }
    }

    @Test
    void everyFieldOfAnEntrySurvivesTheTable() throws Exception {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("frames", List.of(Map.of("name", "all_reduce", "filename", "c10d.py", "line", 7L)));
        e.put("record_id", 5L);
        e.put("pg_id", 3L);
        e.put("process_group", List.of("3", "tp_group"));
        e.put("collective_seq_id", -9_000_000_000L);
        e.put("p2p_seq_id", 0L);
        e.put("op_id", 12L);
        e.put("profiling_name", "nccl:all_gather_ünï");
        e.put("time_created_ns", 1_733_355_000_000_000_123L);
        e.put("input_sizes", List.of(List.of(2L, 3L), List.of()));
        e.put("output_sizes", List.of(List.of(6L)));
        e.put("input_dtypes", List.of("BFloat16", "Float"));
        e.put("output_dtypes", List.of("BFloat16"));
        e.put("state", "started");
        e.put("time_discovered_started_ns", 17L);
        e.put("time_discovered_completed_ns", null);
        e.put("duration_ms", 1.5);
        e.put("timeout_ms", 600000L);
        e.put("is_p2p", null);
        e.put("retired", false);
        Map<String, Object> minimal = new LinkedHashMap<>();
        minimal.put("record_id", 6L);
        minimal.put("is_p2p", true);
        minimal.put("time_discovered_started_ns", 0L);
        Map<String, Object> dump = new LinkedHashMap<>();
        dump.put("version", "2.10");
        dump.put("entries", List.of(e, "not a dict", minimal));
        ParseResult<FlightRecorderDump> r = pickle(new PickleWriter(true).value(dump).bytes());
        assertThat(r.data().entries()).hasSize(2);
        assertThat(r.data().entries().get(0)).isEqualTo(new FlightRecorderEntry(1, 5, 3L, "3", "tp_group", -9_000_000_000L, 0L,
                12L, "nccl:all_gather_ünï", List.of(List.of(2L, 3L), List.of()), List.of(List.of(6L)),
                List.of("BFloat16", "Float"), List.of("BFloat16"), "started", 1_733_355_000_000_000_123L, 17L, null, 1.5,
                600000L, null, false, List.of("all_reduce (c10d.py:7)")));
        assertThat(r.data().entries().get(1)).isEqualTo(new FlightRecorderEntry(3, 6, null, null, null, null, null, null, null,
                List.of(), List.of(), List.of(), List.of(), null, null, null, null, null, null, true, null, List.of()));
        assertThat(r.warnings()).extracting(w -> w.message()).containsExactly("entry 2 is not a dictionary; skipped");
    }

    @Test
    void aKeySetTwiceKeepsItsPlaceAndTheLastValue() throws Exception {
        PickleWriter w = new PickleWriter(false).dict().str("version").str("2.0").str("comm_lib_version").str("2.18")
                .str("version").str("2.10").end();
        ParseResult<FlightRecorderDump> r = pickle(w.bytes());
        assertThat(r.data().version()).isEqualTo("2.10");
        assertThat(r.data().commLibVersion()).isEqualTo("2.18");
    }

    @Test
    void aDictOfManyKeysIsLookedUpThroughItsIndex() {
        PickleDict d = new PickleDict();
        for (long i = 0; i < 100; i++) d.put("k" + i, i);
        d.put("k7", -7L);
        assertThat(d).hasSize(100).containsEntry("k99", 99L).containsEntry("k7", -7L).doesNotContainKey("k100");
        assertThat(new ArrayList<>(d.keySet()).subList(0, 3)).containsExactly("k0", "k1", "k2");
    }

    @Test
    void aMemoIndexFarAwayCostsNoArrayOfItsSize() throws Exception {
        // {'version': '2.10'} memoized at index 2^22 - 1 and at 2^31 - 1, then read back: stored sparsely, read fine.
        PickleWriter w = new PickleWriter(false).raw('}').raw('r', 0xff, 0xff, 0x3f, 0).raw('r', 0xff, 0xff, 0xff, 0x7f)
                .raw('(').str("version").str("2.10").raw('u', '0', 'j', 0xff, 0xff, 0x3f, 0);
        ParseResult<FlightRecorderDump> r = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> pickle(w.bytes()));
        assertThat(r.data().version()).isEqualTo("2.10");
    }

    @Test
    void aMillionMarksEndWithAnErrorNotAnOutOfMemory() {
        byte[] b = new byte[1_000_002];
        b[0] = (byte) 0x80;
        b[1] = 2;
        java.util.Arrays.fill(b, 2, b.length, (byte) '(');
        ParseResult<FlightRecorderDump> r = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> pickle(b));
        assertThat(r.warnings()).anySatisfy(w -> {
            assertThat(w.severity()).isEqualTo(Severity.ERROR);
            assertThat(w.message()).contains("ends before its STOP opcode");
        });
    }

    @Test
    void appendsOntoADictAndSetItemsOntoAListAreErrors() throws Exception {
        ParseResult<FlightRecorderDump> a = pickle(new PickleWriter(false).raw('}', '(').str("x").raw('e').bytes());
        assertThat(a.warnings()).anySatisfy(w -> assertThat(w.message()).contains("APPEND to a dict"));
        ParseResult<FlightRecorderDump> s = pickle(new PickleWriter(false).raw(']', '(').str("k").str("v").raw('u').bytes());
        assertThat(s.warnings()).anySatisfy(w -> assertThat(w.message()).contains("SETITEM on a list"));
    }
}

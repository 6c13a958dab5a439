package io.ncclscope.parsers.flightrec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.json.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Flight Recorder dumps: the examples of examples/hangs (written by tools/hangs/make_examples.py from PyTorch's
 * formats, pickled with protocol 2 and as JSON) pinned by golden files, and hostile pickles: nothing is ever
 * executed, malformed input gives warnings and what was read, in bounded time.
 */
class FlightRecorderParserTest {

    static final Path EXAMPLES = Path.of("../examples/hangs");
    static final Path GOLDEN = Path.of("src/test/resources/golden/hangs");

    static ParseResult<?> parseFile(Path p) throws IOException {
        try (InputStream in = Files.newInputStream(p)) {
            return Parsers.parse(in, null, ParseLimits.DEFAULTS);
        }
    }

    static Stream<String> dumps() throws IOException {
        try (Stream<Path> s = Files.walk(EXAMPLES)) {
            return s.filter(Files::isRegularFile).filter(p -> p.getFileName().toString().matches("nccl_trace_rank_\\d+(\\.json)?|rank\\d+\\.(pkl|json)"))
                    .map(p -> EXAMPLES.relativize(p).toString().replace('\\', '/')).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dumps")
    void dumpsParseToTheirReviewedFacts(String file) throws Exception {
        ParseResult<?> r = parseFile(EXAMPLES.resolve(file));
        assertThat(r.kind()).isEqualTo(Kind.FLIGHT_RECORDER);
        assertThat(r.warnings()).isEmpty();
        String actual = Json.pretty(r) + "\n";
        Path golden = GOLDEN.resolve(file + ".expected.json");
        if (Boolean.getBoolean("ncclscope.golden.update")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
            return;
        }
        assertThat(golden).as("golden file (create it with -Dncclscope.golden.update=true, then review it)").exists();
        assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }

    @Test
    void thePickleAndItsFactsAreRead() throws Exception {
        ParseResult<?> r = parseFile(EXAMPLES.resolve("rank-not-entered/node-b/nccl_trace_rank_5"));
        FlightRecorderDump d = (FlightRecorderDump) r.data();
        assertThat(d.pickled()).isTrue();
        assertThat(d.version()).isEqualTo("2.10");
        assertThat(d.commLibVersion()).isEqualTo("2.21.5");
        assertThat(d.processGroups()).containsExactly(new ProcessGroupConfig("0", "default_pg", "[0, 1, 2, 3, 4, 5, 6, 7]"));
        assertThat(d.status()).containsExactly(new ProcessGroupStatus("0", 119L, 119L, 119L));
        FlightRecorderEntry last = d.entries().get(d.entries().size() - 1);
        assertThat(last.collectiveSeqId()).isEqualTo(119L);
        assertThat(last.profilingName()).isEqualTo("nccl:all_reduce");
        assertThat(last.inputSizes()).containsExactly(List.of(4194304L));
        assertThat(last.inputDtypes()).containsExactly("Float");
        assertThat(last.processGroup()).isEqualTo("0");
        assertThat(last.processGroupDesc()).isEqualTo("default_pg");
        assertThat(last.frames()).containsExactly("all_reduce (torch/distributed/distributed_c10d.py:2501)", "train_step (train.py:88)");
    }

    @Test
    void theJsonFormIsDetectedAndRead() throws Exception {
        ParseResult<?> r = parseFile(EXAMPLES.resolve("mismatch/node-c/nccl_trace_rank_3.json"));
        FlightRecorderDump d = (FlightRecorderDump) r.data();
        assertThat(d.pickled()).isFalse();
        assertThat(d.status()).containsExactly(new ProcessGroupStatus("0", 57L, 56L, 56L));
        FlightRecorderEntry last = d.entries().get(d.entries().size() - 1);
        assertThat(last.state()).isEqualTo("scheduled");
        assertThat(last.timeStartedNs()).isNull();
        assertThat(last.inputSizes()).containsExactly(List.of(2048L));
    }

    static final Path PAIRS = Path.of("src/test/resources/fr-2.11-pairs");

    static Stream<String> pairs() throws IOException {
        try (Stream<Path> s = Files.walk(PAIRS)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".pkl"))
                    .map(p -> PAIRS.relativize(p).toString().replace('\\', '/')).sorted().toList().stream();
        }
    }

    /**
     * One rank's buffer dumped twice in one moment by PyTorch 2.11 (gloo, examples/hangs/captured-2.11-json): as
     * pickle ({@code _dump_fr_trace()}) and as JSON ({@code _dump_fr_trace_json(True, False)}). Both forms give the
     * same facts; what only one form carries is named: the JSON form was asked without stack traces, and it writes
     * an operation never seen started as {@code time_discovered_started_ns: 0} where the pickle has {@code None}.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("pairs")
    void theJsonAndThePickleOfOneDumpGiveTheSameFacts(String pickleFile) throws Exception {
        String scenario = pickleFile.substring(0, pickleFile.indexOf('/'));
        String jsonFile = pickleFile.substring(scenario.length() + 1).replace(".pkl", ".json");
        FlightRecorderDump pickled = (FlightRecorderDump) parseFile(PAIRS.resolve(pickleFile)).data();
        FlightRecorderDump json = (FlightRecorderDump) parseFile(EXAMPLES.resolve("captured-2.11-json/gloo-" + scenario).resolve(jsonFile)).data();
        assertThat(pickled.pickled()).isTrue();
        assertThat(json.pickled()).isFalse();
        assertThat(json.version()).isEqualTo(pickled.version()).isEqualTo("2.10");
        assertThat(json.commLibVersion()).isEqualTo(pickled.commLibVersion());
        assertThat(json.status()).isEqualTo(pickled.status());
        assertThat(json.entries()).hasSameSizeAs(pickled.entries()).isNotEmpty();
        for (int i = 0; i < json.entries().size(); i++) {
            FlightRecorderEntry j = json.entries().get(i);
            FlightRecorderEntry p = pickled.entries().get(i);
            assertThat(j.frames()).isEmpty();
            assertThat(j).as("entry %d of %s", i + 1, jsonFile).usingRecursiveComparison().ignoringFields("frames", "timeStartedNs", "timeCompletedNs").isEqualTo(p);
        }
    }

    /** {@code os.system('touch /tmp/pwned')} through GLOBAL and REDUCE, as a hostile dump would carry it. */
    @Test
    void aGlobalAndReduceAreWarningsNeverCalls() throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(new byte[] {(byte) 0x80, 2, '}', '('});
        b.write(binunicode("version"));
        b.write(binunicode("2.10"));
        b.write(binunicode("entries"));
        b.write("cos\nsystem\n".getBytes(StandardCharsets.US_ASCII));
        b.write(binunicode("touch /tmp/ncclscope-pwned"));
        b.write(new byte[] {(byte) 0x85, 'R', 'u', '.'});
        ParseResult<FlightRecorderDump> r = FlightRecorderParser.parsePickle(new ByteArrayInputStream(b.toByteArray()),
                ParseLimits.DEFAULTS);
        assertThat(Files.exists(Path.of("/tmp/ncclscope-pwned"))).isFalse();
        assertThat(r.data().version()).isEqualTo("2.10");
        assertThat(r.data().entries()).isEmpty();
        assertThat(r.warnings()).anySatisfy(w -> assertThat(w.message()).contains("GLOBAL os.system").contains("nothing is ever executed"));
        assertThat(r.warnings()).anySatisfy(w -> assertThat(w.message()).contains("REDUCE of GLOBAL os.system"));
    }

    @Test
    void lengthsPastTheEndStopWithAnErrorWithoutAllocating() throws Exception {
        byte[] huge = {(byte) 0x80, 4, (byte) 0x8d, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff,
            (byte) 0xff, (byte) 0xff, 0x7f, '.'};
        ParseResult<FlightRecorderDump> r = FlightRecorderParser.parsePickle(new ByteArrayInputStream(huge), ParseLimits.DEFAULTS);
        assertThat(r.warnings()).anySatisfy(w -> {
            assertThat(w.severity()).isEqualTo(Severity.ERROR);
            assertThat(w.message()).contains("runs past the end");
        });
    }

    @Test
    void aListThatHoldsItselfDoesNotLoop() throws Exception {
        // {'entries': L} where L = [L]: EMPTY_LIST, MEMOIZE-style BINPUT 0, BINGET 0, APPEND.
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(new byte[] {(byte) 0x80, 2, '}'});
        b.write(binunicode("entries"));
        b.write(new byte[] {']', 'q', 0, 'h', 0, 'a', 's', '.'});
        ParseResult<FlightRecorderDump> r = FlightRecorderParser.parsePickle(new ByteArrayInputStream(b.toByteArray()),
                ParseLimits.DEFAULTS);
        assertThat(r.data().entries()).isEmpty();
        assertThat(Json.write(r)).isNotEmpty();
    }

    @Test
    void randomAndMutatedPicklesNeverThrowAndFinish() throws Exception {
        byte[] real = Files.readAllBytes(EXAMPLES.resolve("rank-not-entered/node-a/nccl_trace_rank_0"));
        Random rnd = new Random(21);
        for (int i = 0; i < 400; i++) {
            byte[] in;
            if (i % 2 == 0) {
                in = real.clone();
                for (int k = 0; k < 1 + rnd.nextInt(8); k++) in[2 + rnd.nextInt(in.length - 2)] = (byte) rnd.nextInt(256);
                if (rnd.nextBoolean()) in = java.util.Arrays.copyOf(in, 2 + rnd.nextInt(in.length - 2));
            } else {
                in = new byte[2 + rnd.nextInt(512)];
                rnd.nextBytes(in);
                in[0] = (byte) 0x80;
                in[1] = 2;
            }
            byte[] input = in;
            int seed = i;
            ParseResult<FlightRecorderDump> r = assertTimeoutPreemptively(Duration.ofSeconds(10),
                    () -> FlightRecorderParser.parsePickle(new ByteArrayInputStream(input), ParseLimits.DEFAULTS),
                    () -> "pickle " + seed + " hung");
            assertThat(r.kind()).isEqualTo(Kind.FLIGHT_RECORDER);
            assertThat(Json.write(r)).isNotEmpty();
        }
    }

    @Test
    void aPickleLargerThanTheLimitIsNotRead() throws Exception {
        byte[] in = new byte[4096];
        in[0] = (byte) 0x80;
        in[1] = 2;
        ParseLimits small = ParseLimits.builder().maxTableChars(1024).build();
        ParseResult<FlightRecorderDump> r = FlightRecorderParser.parsePickle(new ByteArrayInputStream(in), small);
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.data().entries()).isEmpty();
    }

    private static byte[] binunicode(String s) {
        byte[] t = s.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[5 + t.length];
        out[0] = 'X';
        out[1] = (byte) t.length;
        System.arraycopy(t, 0, out, 5, t.length);
        return out;
    }
}

package io.ncclscope.parsers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.ncclscope.parsers.json.Json;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Property tests over every parser: random text, binary noise, truncated and mutated real
 * captures, very long lines and very large inputs. Each must give a result (never an exception),
 * finish in bounded time, and keep its output bounded by the limits. Seeds are fixed so a
 * failure reproduces; the seed is in the assertion message.
 */
class FuzzTest {

    static Stream<Kind> parsers() {
        return Parsers.all().stream().map(ToolParser::kind);
    }

    static ToolParser<?> parser(Kind k) {
        return Parsers.parser(k).orElseThrow();
    }

    /** Real lines from our captures (and the corpus where present) to build inputs from. */
    private static List<String> realLines;

    static synchronized List<String> realLines() throws IOException, URISyntaxException {
        if (realLines != null) return realLines;
        List<String> lines = new ArrayList<>();
        Path root = GoldenTest.capturedRoot();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                lines.addAll(Files.readAllLines(p, StandardCharsets.UTF_8));
            }
        }
        if (Corpus.present()) {
            for (Corpus.Entry e : Corpus.entries()) {
                lines.addAll(e.text().lines().toList());
            }
        }
        realLines = List.copyOf(lines);
        return realLines;
    }

    static ParseResult<?> parse(ToolParser<?> p, String text, ParseLimits limits) {
        try (Reader r = new StringReader(text)) {
            return p.parse(r, limits);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static void check(ToolParser<?> p, String text, ParseLimits limits, String what) {
        ParseResult<?> r = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> parse(p, text, limits),
                () -> p.kind() + " hung on " + what);
        assertThat(r).as("%s on %s", p.kind(), what).isNotNull();
        assertThat(r.kind()).isEqualTo(p.kind());
        assertThat(r.warnings().size()).as("warnings of %s on %s", p.kind(), what).isLessThanOrEqualTo(limits.maxWarnings() + 1);
        // The result must serialise (no cycles, no broken records).
        String json = Json.write(r);
        assertThat(json).isNotEmpty();
        // And sniffing the same text never throws.
        p.sniff(text.length() > Parsers.HEAD_CHARS ? text.substring(0, Parsers.HEAD_CHARS) : text);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("parsers")
    void randomTextAndBinaryNoiseNeverBreakAParser(Kind kind) {
        ToolParser<?> p = parser(kind);
        ParseLimits limits = ParseLimits.builder().maxWarnings(50).build();
        for (int seed = 0; seed < 60; seed++) {
            Random rnd = new Random(seed * 31L + p.kind().ordinal());
            int n = rnd.nextInt(4000);
            StringBuilder sb = new StringBuilder(n);
            boolean binary = seed % 2 == 0;
            String alphabet = " \t\n\r:|-[]()/.,=<>#0123456789abcdefxXGPUNICmlx_NVSYSPIXPHBNODE";
            for (int i = 0; i < n; i++) {
                sb.append(binary ? (char) rnd.nextInt(256) : alphabet.charAt(rnd.nextInt(alphabet.length())));
            }
            check(p, sb.toString(), limits, "noise seed " + seed);
        }
        check(p, "", limits, "empty input");
        check(p, "\n\n\n", limits, "blank lines");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("parsers")
    void truncatedAndMutatedRealInputsNeverBreakAParser(Kind kind) throws Exception {
        ToolParser<?> p = parser(kind);
        List<String> lines = realLines();
        ParseLimits limits = ParseLimits.DEFAULTS;
        for (int seed = 0; seed < 40; seed++) {
            Random rnd = new Random(1000L + seed);
            int start = rnd.nextInt(lines.size());
            int len = 1 + rnd.nextInt(200);
            StringBuilder sb = new StringBuilder();
            for (int i = start; i < Math.min(lines.size(), start + len); i++) {
                String l = lines.get(i);
                switch (rnd.nextInt(8)) {
                    case 0 -> l = l.substring(0, rnd.nextInt(l.length() + 1)); // cut
                    case 1 -> l = l.replace(' ', '\t');
                    case 2 -> l = l + l; // glued
                    case 3 -> l = l.replaceAll("\\d", String.valueOf(rnd.nextInt(10)));
                    case 4 -> l = "";
                    default -> { }
                }
                sb.append(l).append(rnd.nextBoolean() ? "\n" : "\r\n");
            }
            // Truncate the whole input mid-line too.
            String text = sb.toString();
            if (seed % 3 == 0 && !text.isEmpty()) text = text.substring(0, rnd.nextInt(text.length()));
            check(p, text, limits, "mutated real lines seed " + seed);
        }
    }

    /**
     * The binary and JSON readers of the hang traces on real PyTorch 2.11 and NCCL 2.28.9 captures
     * (examples/hangs/captured-2.11): every pickled dump and the RAS JSON status, with bytes flipped, runs cut,
     * opcodes that would call code spliced in (GLOBAL, REDUCE, BUILD, NEWOBJ, PERSID) and truncation, read through
     * {@link Parsers#parse(java.io.InputStream, Kind, ParseLimits)} as bundles are: always a result, in bounded time.
     */
    @Test
    void mutatedRealPicklesAndRasJsonNeverBreakTheirReaders() throws Exception {
        Path root = Path.of("../examples/hangs/captured-2.11");
        List<Path> inputs;
        try (Stream<Path> s = Files.walk(root)) {
            inputs = s.filter(Files::isRegularFile)
                    .filter(f -> f.getFileName().toString().matches("rank\\d+\\.pkl|nccl_trace_rank_\\d+|ras\\.json")).sorted().toList();
        }
        assertThat(inputs).hasSizeGreaterThan(20);
        byte[][] hostile = {"cos\nsystem\n".getBytes(StandardCharsets.US_ASCII), {'R'}, {'b'}, {(byte) 0x81}, {(byte) 0x93},
            "Pid\n".getBytes(StandardCharsets.US_ASCII), {'(', '(', '(', 'u'}, {'h', (byte) 200}, {'j', -1, -1, -1, 0x7f}};
        for (Path f : inputs) {
            byte[] real = Files.readAllBytes(f);
            for (int seed = 0; seed < 40; seed++) {
                Random rnd = new Random(seed * 31L + f.getFileName().toString().hashCode());
                java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
                int at = 2 + rnd.nextInt(Math.max(1, real.length - 2));
                out.write(real, 0, Math.min(at, real.length));
                switch (seed % 4) {
                    case 0 -> out.writeBytes(hostile[rnd.nextInt(hostile.length)]);
                    case 1 -> out.write(rnd.nextInt(256));
                    case 2 -> at += rnd.nextInt(64); // a run cut out
                    default -> { }
                }
                if (seed % 5 != 4 && at < real.length) out.write(real, at, real.length - at);
                byte[] in = out.toByteArray();
                String what = f + " seed " + seed;
                ParseResult<?> r = assertTimeoutPreemptively(Duration.ofSeconds(10),
                        () -> Parsers.parse(new java.io.ByteArrayInputStream(in), null, ParseLimits.DEFAULTS), () -> what);
                assertThat(r).as(what).isNotNull();
                assertThat(Json.write(r)).as(what).isNotEmpty();
            }
        }
    }

    /**
     * The gloo lost-connection, timeout and abort lines of the real PyTorch 2.11 captures (examples/hangs/captured-2.11)
     * mutated: characters flipped, cut at random, brackets left open, addresses thousands of characters long, and a
     * flood of distinct peers: the NCCL log reader always gives a result, in bounded time, with at most {@code 10,000}
     * hang reports.
     */
    @Test
    void mutatedGlooLinesNeverBreakTheLogReader() throws Exception {
        List<String> gloo = new ArrayList<>();
        try (Stream<Path> s = Files.walk(Path.of("../examples/hangs/captured-2.11"))) {
            for (Path f : s.filter(p -> p.toString().endsWith(".log")).sorted().toList()) {
                for (String l : Files.readAllLines(f, StandardCharsets.UTF_8)) if (l.contains("gloo")) gloo.add(l);
            }
        }
        assertThat(gloo).hasSizeGreaterThan(10);
        ToolParser<?> p = Parsers.parser(Kind.NCCL_LOG).orElseThrow();
        String noise = "[]:$ \t\u0000\u00ff\u4e2d9";
        for (int seed = 0; seed < 300; seed++) {
            Random rnd = new Random(seed);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 1 + rnd.nextInt(20); i++) {
                StringBuilder line = new StringBuilder(gloo.get(rnd.nextInt(gloo.size())));
                for (int k = rnd.nextInt(4); k > 0 && line.length() > 0; k--) {
                    line.setCharAt(rnd.nextInt(line.length()), noise.charAt(rnd.nextInt(noise.length())));
                }
                if (seed % 3 == 0) line.setLength(rnd.nextInt(line.length() + 1));
                if (seed % 7 == 0) line.insert(Math.max(0, line.indexOf("[1") + 1), "9".repeat(rnd.nextInt(5000)));
                sb.append(line).append(seed % 5 == 0 ? "\r\n" : "\n");
            }
            check(p, sb.toString(), ParseLimits.DEFAULTS, "mutated gloo lines seed " + seed);
        }
        StringBuilder flood = new StringBuilder();
        for (int i = 0; i < 30_000; i++) {
            flood.append("[rank").append(i).append("]: RuntimeError: [pair.cc:547] Connection closed by peer [10.").append(i % 250)
                    .append('.').append(i / 250).append(".1]:").append(i).append('\n');
        }
        ParseResult<?> r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> parse(p, flood.toString(), ParseLimits.DEFAULTS));
        io.ncclscope.parsers.nccl.NcclLog log = (io.ncclscope.parsers.nccl.NcclLog) r.data();
        assertThat(log.hangReports()).hasSize(10_000);
        assertThat(log.hangReportsDropped()).isEqualTo(20_000);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("parsers")
    void hugeLinesAndInputsStayWithinLimits(Kind kind) {
        ToolParser<?> p = parser(kind);
        ParseLimits small = ParseLimits.builder().maxChars(1 << 20).maxTableChars(1 << 20).maxLineLength(4096).maxWarnings(20).build();
        // One 8 MB line.
        String longLine = "GPU0 ".repeat((8 << 20) / 5);
        check(p, longLine, small, "one 8 MB line");
        // 16 MB of many lines: reading stops at the 1 MB budget with an error-severity warning.
        StringBuilder sb = new StringBuilder(16 << 20);
        String row = "host1:1234:1234 [0] NCCL INFO Channel 00/0 : 0[1b000] -> 1[3d000] via P2P/IPC\n";
        while (sb.length() < (16 << 20)) sb.append(row);
        String big = sb.toString();
        ParseResult<?> r = parse(p, big, small);
        assertThat(r.hasErrors()).as("%s must say it stopped at the limit", p.kind()).isTrue();
        assertThat(Json.write(r).length()).as("%s output bounded by the limit", p.kind()).isLessThan(4 << 20);
    }

    @Test
    void ncclLogOutputStaysBoundedOnALargeRealLog() throws Exception {
        // Streaming parser with default limits: 64 MB of real lines, output must not grow with length.
        List<String> lines = realLines().stream().filter(l -> l.contains("NCCL")).toList();
        StringBuilder sb = new StringBuilder(64 << 20);
        int i = 0;
        while (sb.length() < (64 << 20)) {
            sb.append(lines.get(i++ % lines.size())).append('\n');
        }
        ToolParser<?> p = Parsers.parser(Kind.NCCL_LOG).orElseThrow();
        ParseResult<?> r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> parse(p, sb.toString(), ParseLimits.DEFAULTS));
        assertThat(Json.write(r).length()).as("nccl-log result size on 64 MB").isLessThan(8 << 20);
    }
}

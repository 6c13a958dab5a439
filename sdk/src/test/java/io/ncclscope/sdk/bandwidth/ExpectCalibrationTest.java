package io.ncclscope.sdk.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.tests.Collective;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsParser;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.sdk.evidence.Evidence;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Calibration of {@link Expectations} against every nccl-tests table of the corpus, corpus-more and our captures
 * (examples/captured): {@code calibration.txt} names, for each file, the system the run used and its node count, and
 * either nothing (the healthy table must fall within 15 % of the predicted plateau) or the written reason why it does
 * not (not healthy per its manifest, no plateau in the paste, hardware the table does not show). Every nccl-tests file
 * of the manifests must have a row, so a new corpus table cannot slip past. The predicted-vs-measured table is printed
 * and written to {@code target/expect-calibration.txt}.
 */
class ExpectCalibrationTest {

    /** One row of calibration.txt. */
    record Row(String file, Collective collective, String spec, int nodes, String reason) {
    }

    static Map<String, Row> rows() throws IOException {
        Map<String, Row> out = new LinkedHashMap<>();
        try (InputStream in = ExpectCalibrationTest.class.getResourceAsStream("calibration.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] f = line.split("\\|", -1);
                assertThat(f).as(line).hasSize(5);
                Collective c = f[1].isBlank() || f[1].trim().equals("-") ? null : Collective.fromTestName(f[1].trim());
                String reason = f[4].trim();
                out.put(f[0].trim(), new Row(f[0].trim(), c, f[2].trim(), f[3].isBlank() || f[3].trim().equals("-") ? 0 : Integer.parseInt(f[3].trim()),
                        reason.isEmpty() ? null : reason));
            }
        }
        return out;
    }

    /** The nccl-tests files of the manifests and of examples/captured, by name. */
    static Map<String, Path> files() throws IOException {
        Map<String, Path> out = new LinkedHashMap<>();
        for (Corpus.Entry e : Corpus.allEntries()) {
            if ("nccl-tests".equals(e.kind()) || e.file().startsWith("nccl-tests/")) out.put(e.name(), e.path());
        }
        Path captured = Path.of("../examples/captured");
        if (Files.isDirectory(captured)) {
            try (Stream<Path> s = Files.walk(captured)) {
                for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                    if (p.getParent().getFileName().toString().equals("tests")) out.put("examples/captured/" + captured.relativize(p).toString().replace('\\', '/'), p);
                }
            }
        }
        return out;
    }

    @Test
    void everyHealthyTableFallsWithinFifteenPercentOfItsPredictionOrHasAWrittenReason() throws IOException {
        Corpus.assumePresent();
        Map<String, Row> rows = rows();
        Map<String, Path> files = files();
        assertThat(rows.keySet()).as("a calibration row for every nccl-tests file").containsAll(files.keySet());
        StringBuilder report = new StringBuilder(String.format(Locale.ROOT, "%-62s %-14s %-16s %5s %9s %17s %6s  %s%n",
                "file", "collective", "system", "nodes", "measured", "predicted", "ratio", "result"));
        List<String> failures = new ArrayList<>();
        int within = 0, reasoned = 0, informative = 0;
        for (Map.Entry<String, Path> e : files.entrySet()) {
            Row row = rows.get(e.getKey());
            if (row.spec().equals("-")) {
                report.append(String.format(Locale.ROOT, "%-62s %-14s %-16s %5s %9s %17s %6s  %s%n", e.getKey(), "-", "-", "-", "-", "-", "-",
                        "not calibrated: " + row.reason()));
                assertThat(row.reason()).as(e.getKey() + ": a row without a system needs a reason").isNotNull();
                reasoned++;
                continue;
            }
            Evidence ev = Evidence.builder().addPath(e.getValue()).build();
            List<NcclTestsData> tables = ev.all(NcclTestsData.class).stream().map(Evidence.Item::data).toList();
            assertThat(tables).as(e.getKey()).isNotEmpty();
            NcclTestsData t = tables.get(0);
            Collective c = row.collective() != null ? row.collective() : t.collective();
            Double measured = plateau(t);
            Expectations.Result r = Expectations.of(NodeProfile.parse(row.spec()), row.nodes());
            Expectations.Figure f = r.figure(c, row.nodes()).orElseThrow(() -> new AssertionError(e.getKey() + ": no figure for " + c));
            boolean holds = measured != null && f.holds(measured, 0.15);
            String predicted = f.lowGBs() == null ? "-" : f.highGBs() - f.lowGBs() < 0.05 ? fmt(f.lowGBs()) : fmt(f.lowGBs()) + "-" + fmt(f.highGBs());
            double mid = f.lowGBs() == null ? 0 : measured == null ? 0 : measured < f.lowGBs() ? measured / Math.max(f.lowGBs(), 1e-9)
                    : measured > f.highGBs() ? measured / Math.max(f.highGBs(), 1e-9) : 1;
            String result = holds ? "within 15 %" + (row.reason() != null ? " (" + row.reason() + ")" : "")
                    : row.reason() != null ? "outside, reason: " + row.reason() : "OUTSIDE, NO REASON";
            if (holds && f.lowGBs() > 0) informative++;
            if (holds) within++;
            else if (row.reason() != null) reasoned++;
            else failures.add(e.getKey() + ": measured " + measured + ", predicted " + predicted);
            report.append(String.format(Locale.ROOT, "%-62s %-14s %-16s %5d %9s %17s %6s  %s%n", e.getKey(), c, row.spec(), row.nodes(),
                    measured == null ? "-" : fmt(measured), predicted, f.lowGBs() == null || f.lowGBs() == 0 ? "-" : String.format(Locale.ROOT, "%.2f", mid), result));
        }
        report.append(String.format(Locale.ROOT, "%d tables within 15 %% of their prediction (%d of them multi-rank, the rest single-rank"
                + " runs predicted and measured at 0), %d with a written reason%n", within, informative, reasoned));
        Path out = Path.of("target/expect-calibration.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report.toString(), StandardCharsets.UTF_8);
        System.out.print(report);
        assertThat(failures).as("healthy tables outside 15 % of their prediction, without a written reason").isEmpty();
        assertThat(informative).as("multi-rank tables that calibrate the model").isGreaterThanOrEqualTo(14);
    }

    /** The plateau as the segment verdicts read it: the median busbw of the (up to) three largest rows of 64 MiB or more. */
    static Double plateau(NcclTestsData t) {
        List<NcclTestsRow> rows = new ArrayList<>();
        for (NcclTestsRow r : t.rows()) if (r.outOfPlace() != null && r.outOfPlace().busbw() != null) rows.add(r);
        if (rows.isEmpty()) return null;
        rows.sort(Comparator.comparingLong(NcclTestsRow::size));
        List<NcclTestsRow> big = rows.stream().filter(r -> r.size() >= Judge.PLATEAU_MIN).toList();
        List<NcclTestsRow> from = big.isEmpty() ? rows : big;
        List<NcclTestsRow> top = from.subList(Math.max(0, from.size() - 3), from.size());
        return Judge.median(top.stream().map(r -> r.outOfPlace().busbw()).toList());
    }

    private static String fmt(double v) {
        return Judge.fmt(v);
    }

    static {
        // NcclTestsParser is referenced so that a rename shows here too: it is the parser of every file above.
        assertThat(NcclTestsParser.class).isNotNull();
    }
}

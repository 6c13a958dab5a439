package io.ncclscope.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.Kind;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.evidence.Evidence;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The corpus scoreboard: per corpus folder and manifest kind, how many files, how many of the findings they must raise
 * are raised, how many findings they must not raise are, and how many files hold no known tool output. A file of
 * {@code corpus} must raise the codes of {@link CorpusVerdictTest#EXPECTED} (reviewed against its manifest) and
 * nothing else at WARNING or worse; a file of {@code corpus-more} what its manifest's flags say ({@link ManifestFlags}).
 * Files of manifest kind {@code other} are no tool output we read and do not count as unrecognized.
 *
 * <p>The test prints the board and fails where a row falls below the reviewed floor in
 * {@code src/test/resources/corpus-scoreboard-floor.tsv}, so accuracy can only rise. After an improvement, raise the
 * floor with {@code -Dncclscope.scoreboard.update=true} and commit it.
 */
class CorpusScoreboardTest {

    private static final String FLOOR = "corpus-scoreboard-floor.tsv";
    private static final String HEADER = "# corpus kind\tfiles\tfound\texpected\tforbidden raised\tunrecognized\n";

    /** One row of the board. */
    static final class Tally {
        int files;
        int found;
        int expected;
        int forbidden;
        int unrecognized;

        String tsv() {
            return files + "\t" + found + "\t" + expected + "\t" + forbidden + "\t" + unrecognized;
        }
    }

    @Test
    void scoreboardStaysAtOrAboveItsFloor() throws IOException {
        Corpus.assumePresent();
        Map<String, Tally> board = new TreeMap<>();
        Tally total = new Tally();
        for (Corpus.Entry entry : Corpus.allEntries()) {
            Tally row = board.computeIfAbsent(entry.base().getFileName() + " " + entry.kind(), k -> new Tally());
            score(entry, row);
            score(entry, total);
        }
        board.put("total", total);
        StringBuilder tsv = new StringBuilder(HEADER);
        board.forEach((k, t) -> tsv.append(k).append('\t').append(t.tsv()).append('\n'));
        System.out.print("Corpus scoreboard (codes at WARNING or worse)\n" + tsv);
        if (Boolean.getBoolean("ncclscope.scoreboard.update")) {
            Files.writeString(Path.of("src/test/resources").resolve(FLOOR), tsv, StandardCharsets.UTF_8);
            return;
        }
        Map<String, int[]> floor = floor();
        for (Map.Entry<String, int[]> f : floor.entrySet()) {
            Tally t = board.get(f.getKey());
            if (t == null) continue; // corpus-more absent
            int[] min = f.getValue();
            assertThat(t.found).as("%s: expected findings found (floor %d)", f.getKey(), min[1]).isGreaterThanOrEqualTo(min[1]);
            assertThat(t.forbidden).as("%s: forbidden findings raised (floor %d)", f.getKey(), min[3]).isLessThanOrEqualTo(min[3]);
            assertThat(t.unrecognized).as("%s: files with no known tool output (floor %d)", f.getKey(), min[4])
                    .isLessThanOrEqualTo(min[4]);
        }
    }

    private static void score(Corpus.Entry entry, Tally t) throws IOException {
        Evidence e = Evidence.builder().addPath(entry.path()).build();
        Diagnosis d = NcclScope.diagnose(e);
        Set<String> raised = CorpusVerdictTest.raised(d);
        t.files++;
        if (!entry.kind().equals("other") && e.artifacts().stream().anyMatch(a -> a.kind() == Kind.UNKNOWN)) t.unrecognized++;
        if (entry.base().equals(Corpus.root())) {
            String codes = CorpusVerdictTest.EXPECTED.getOrDefault(entry.file(), "");
            Set<String> expected = codes.isEmpty() ? Set.of() : new TreeSet<>(List.of(codes.split(" ")));
            t.expected += expected.size();
            t.found += (int) expected.stream().filter(raised::contains).count();
            t.forbidden += (int) raised.stream().filter(c -> !expected.contains(c)).count();
        } else {
            ManifestFlags flags = ManifestFlags.of(entry.flags());
            t.expected += flags.expected().size();
            t.found += flags.expected().size() - flags.missing(raised).size();
            t.forbidden += flags.wronglyRaised(raised).size();
        }
    }

    /** The committed floor: row -> {files, found, expected, forbidden, unrecognized}. */
    private static Map<String, int[]> floor() throws IOException {
        Map<String, int[]> out = new TreeMap<>();
        try (InputStream in = CorpusScoreboardTest.class.getResourceAsStream("/" + FLOOR)) {
            assertThat(in).as("%s (write it with -Dncclscope.scoreboard.update=true)", FLOOR).isNotNull();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] cells = line.split("\t");
                List<Integer> numbers = new ArrayList<>();
                for (int i = 1; i < cells.length; i++) numbers.add(Integer.parseInt(cells[i].trim()));
                out.put(cells[0], numbers.stream().mapToInt(Integer::intValue).toArray());
            }
        }
        return out;
    }
}

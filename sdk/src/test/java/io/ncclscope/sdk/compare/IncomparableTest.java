package io.ncclscope.sdk.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** What compare refuses, or names, when two sides are not the same measurement. */
class IncomparableTest {

    private static Comparison compare(String a, String b) {
        return Comparison.of("a.txt", Tables.evidence("a.txt", a), "b.txt", Tables.evidence("b.txt", b));
    }

    private static String en(Comparison c) {
        return c.summary().render(Locale.ENGLISH);
    }

    @Test
    void tablesWithoutTheirNamesOfDifferentOperationsAreNotJudged() {
        // The same table printed by all_gather_perf (redop "none") and by reduce_perf (redop "sum"), no binary name.
        String sum = Tables.table(null, 1, 8, 180, 0);
        Comparison c = compare(sum.replace("     sum  ", "    none  "), sum);
        assertThat(c.reading()).isEqualTo(Comparison.Reading.NOT_JUDGED);
        assertThat(en(c)).contains("operation none").contains("sum").doesNotContain("unknown is the same");
        assertThat(c.summary().render(Locale.CHINA)).contains("none").contains("sum");
    }

    @Test
    void differentDataTypesAreNotJudged() {
        String f = Tables.table(null, 1, 8, 180, 0);
        Comparison c = compare(f, f.replace("     float     sum", "      half     sum"));
        assertThat(c.reading()).isEqualTo(Comparison.Reading.NOT_JUDGED);
        assertThat(en(c)).contains("data type float").contains("half");
    }

    @Test
    void differentCollectivesByNameAreNamed() {
        Comparison c = compare(Tables.table("all_gather_perf -b 1M -e 1G -f 2 -g 8", 1, 8, 180, 0).replace("     sum  ", "    none  "),
                Tables.table("reduce_perf -b 1M -e 1G -f 2 -g 8", 1, 8, 180, 0));
        assertThat(c.reading()).isEqualTo(Comparison.Reading.NOT_JUDGED);
        assertThat(en(c)).contains("measures all_gather").contains("measures reduce").doesNotContain("unknown");
    }

    @Test
    void sizeRangesWithoutTwoSizesInCommonAreNotJudged() {
        String t = Tables.table(null, 1, 8, 180, 0);
        StringBuilder small = new StringBuilder();
        for (String l : t.split("\n")) {
            String s = l.strip();
            if (s.startsWith("#") || s.isEmpty() || s.startsWith("1048576 ")) small.append(l).append('\n');
        }
        Comparison c = compare(small.toString(), t);
        assertThat(c.reading()).isEqualTo(Comparison.Reading.NOT_JUDGED);
        assertThat(en(c)).contains("1 MiB to 1 MiB").contains("1 MiB to 1 GiB");
    }

    @Test
    void runsOfDifferentRankCountsNameTheCountsNotSomethingElse() {
        Comparison c = compare(Tables.table(null, 1, 2, 150, 0), Tables.table(null, 1, 8, 180, 0));
        assertThat(en(c)).contains("different rank counts (2 against 8)").doesNotContain("something else");
        assertThat(c.summary().render(Locale.CHINA)).contains("2 对 8");
    }

    @Test
    void aSwitchIsNotReadAcrossDifferentRankCounts() {
        Comparison c = compare(Tables.table("NCCL_IB_DISABLE=1 all_reduce_perf -b 1M -e 1G -f 2 -g 1", 2, 1, 20, 0),
                Tables.table("all_reduce_perf -b 1M -e 1G -f 2 -g 1", 2, 4, 40, 0));
        assertThat(c.reading()).isEqualTo(Comparison.Reading.NOT_JUDGED);
        assertThat(en(c)).contains("runs 2 ranks").contains("runs 8");
        assertThat(c.findings()).isEmpty();
    }

    @Test
    void theSameShapeStillCompares() {
        Comparison c = compare(Tables.table(null, 1, 8, 150, 0), Tables.table(null, 1, 8, 180, 0));
        assertThat(c.reading()).isEqualTo(Comparison.Reading.DIFFERENT);
        assertThat(en(c)).contains("something else");
    }
}

package io.ncclscope.sdk.delta;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.testing.PassChecks;
import io.ncclscope.sdk.testing.TestBundles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The counter-delta pass: whole and streamed analyses agree, and no node's counters are kept past its slice. */
class CounterDeltaPassTest {

    /** Two collect bundles (before, after) of {@code host} under {@code dir}, the after one with errors grown. */
    private static void twoBundles(Path dir, String host, long crcGrowth) throws IOException {
        Path before = CounterDeltaAnalyzerTest.bundle(dir.resolve("before"), "2026-12-02T10:00:00Z", 7, 10, 1_000_000, 2,
                0, 5_000);
        Path after = CounterDeltaAnalyzerTest.bundle(dir.resolve("after"), "2026-12-02T10:05:00Z", 7 + crcGrowth, 10,
                9_000_000, 2, 0, 90_000_000);
        for (Path b : List.of(before, after)) {
            Path m = b.resolve("manifest.json");
            Files.writeString(m, Files.readString(m).replace("gpu01", host));
        }
    }

    @Test
    void passOverSlicesInEitherOrderFindsWhatTheWholeAnalysisFinds(@TempDir Path tmp) throws IOException {
        twoBundles(tmp.resolve("node2"), "node2", 150);
        twoBundles(tmp.resolve("node10"), "node10", 0);
        Evidence e = NcclScope.evidence(tmp.resolve("node10/after"), tmp.resolve("node2/before"),
                tmp.resolve("node2/after"), tmp.resolve("node10/before"));
        assertThat(e.slices()).as("one slice per node, holding both its bundles").hasSize(2)
                .allSatisfy(s -> assertThat(s.bundles()).hasSize(2));
        List<Finding> whole = new CounterDeltaAnalyzer().analyze(e);
        assertThat(whole).extracting(Finding::code).as("each node compared, only node2's errors grew")
                .containsExactlyInAnyOrder("COUNTERS_COMPARED", "COUNTERS_COMPARED", "NIC_ERROR_COUNTERS");
        PassChecks.assertSameAsWhole(new CounterDeltaAnalyzer(), e);
    }

    @Test
    void passOverGeneratedBundlesMatchesTheWholeAnalysis(@TempDir Path tmp) throws IOException {
        Evidence e = NcclScope.evidence(TestBundles.mixed(tmp, 6));
        PassChecks.assertSameAsWhole(new CounterDeltaAnalyzer(), e);
    }

    @Test
    void passKeepsNoParsedFactsOfNodesItHasRead(@TempDir Path tmp) throws Exception {
        Pass pass = new CounterDeltaAnalyzer().pass();
        assertThat(PassChecks.factsKept(TestBundles.mixed(tmp, 8), pass::add)).isZero();
        pass.finish();
    }
}

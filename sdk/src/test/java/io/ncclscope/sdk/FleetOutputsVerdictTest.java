package io.ncclscope.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.Coverage;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.report.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * One command run on several nodes by a fleet tool (pdsh, clush {@code -b}, ansible) is read as each node's output:
 * the findings name the node whose output shows the fault, and a node whose part is no tool output (the command failed
 * there) keeps the report from being healthy.
 */
class FleetOutputsVerdictTest {

    private static final Set<String> LEFT_OUT = Set.of("nccl-log", "nccl-tests", "other");

    private static String prefixed(String host, String text) {
        StringBuilder sb = new StringBuilder();
        text.lines().forEach(l -> sb.append(host).append(": ").append(l).append('\n'));
        return sb.toString();
    }

    /**
     * Every hardware tool's corpus output, run on two nodes and pasted as pdsh prints it (the nodes' lines interleaved)
     * and as clush {@code -b} gathers it: each node's part is read as the file is, so the kinds, the codes with their
     * severities and the verdict are the file's.
     */
    @Test
    void everyHardwareOutputOnTwoNodesGivesTheAnswerOfTheFile() {
        Corpus.assumePresent();
        List<String> moved = new ArrayList<>();
        int checked = 0;
        for (Corpus.Entry entry : Corpus.allEntries()) {
            if (LEFT_OUT.contains(entry.kind())) continue;
            String text = entry.text();
            String plain = codes(entry.name(), text);
            String command = PastedToolsVerdictTest.command(entry.kind(), text);
            List<String> a = prefixed("node1", text).lines().toList();
            List<String> b = prefixed("node2", text).lines().toList();
            StringBuilder pdsh = new StringBuilder("$ pdsh -w node[1-2] " + command + "\n");
            for (int i = 0; i < a.size(); i++) pdsh.append(a.get(i)).append('\n').append(b.get(i)).append('\n');
            String clush = "$ clush -b -w node[1-2] " + command + "\n---------------\nnode[1-2] (2)\n---------------\n" + text;
            for (String pasted : List.of(pdsh.toString(), clush)) {
                checked++;
                String answer = codes(entry.name(), pasted);
                if (!answer.equals(plain)) moved.add(entry.name() + (pasted == clush ? " clush" : " pdsh") + "\n    plain:  " + plain + "\n    fleet:  " + answer);
            }
        }
        moved.forEach(System.out::println);
        System.out.printf("fleet answers moved: %d of %d%n", moved.size(), checked);
        assertThat(moved).isEmpty();
    }

    /** Two corpus ibstat outputs of one H100 fleet, one with ports down: the finding names the node that has them. */
    @Test
    void theNodeWhosePortsAreDownIsNamedWithItsLineInThePaste() throws IOException {
        Corpus.assumePresent();
        String good = Files.readString(Corpus.root().resolve("ibstat/gpud-ibstat-47-h100-roce-1.txt"));
        String bad = Files.readString(Corpus.root().resolve("ibstat/gpud-ibstat-47-h100-some-down-2.txt"));
        List<String> a = prefixed("gpu01", good).lines().toList();
        List<String> b = prefixed("gpu03", bad).lines().toList();
        StringBuilder pdsh = new StringBuilder("$ pdsh -w gpu[01,03] ibstat\n");
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            if (i < a.size()) pdsh.append(a.get(i)).append('\n');
            if (i < b.size()) pdsh.append(b.get(i)).append('\n');
        }
        String text = pdsh.toString();
        List<String> pasted = text.lines().toList();
        for (String paste : List.of(text, "$ clush -b -w gpu[01-03] ibstat\n---------------\ngpu[01-02] (2)\n---------------\n" + good
                + "---------------\ngpu03\n---------------\n" + bad)) {
            Report r = NcclScope.analyze(Evidence.builder().addText("ibstat.txt", paste).build(), Locale.ENGLISH);
            List<LocalizedFinding> down = r.findings().stream().filter(f -> f.code().equals("IB_PORT_NOT_ACTIVE")).toList();
            assertThat(down).isNotEmpty().allSatisfy(f -> assertThat(f.subject().node()).isEqualTo("gpu03"));
            List<String> lines = paste.lines().toList();
            // every quoted line is the pasted text's line of that number
            assertThat(down).flatExtracting(LocalizedFinding::evidence).allSatisfy(l -> assertThat(lines.get(l.line() - 1).strip()).endsWith(l.text().strip()));
        }
        assertThat(pasted).isNotEmpty();
    }

    /** A node where the command failed was not looked at: the report is inconclusive, naming it, never healthy. */
    @Test
    void aNodeWhoseCommandFailedKeepsTheReportFromBeingHealthy() throws IOException {
        Corpus.assumePresent();
        String good = Files.readString(Corpus.root().resolve("ibstat/gpud-ibstat-47-h100-roce-1.txt"));
        String text = "$ pdsh -w gpu[01-02] ibstat\n" + prefixed("gpu01", good) + "gpu02: bash: ibstat: command not found\n"
                + "pdsh@login1: gpu02: ssh exited with exit code 127\n";
        Report r = NcclScope.analyze(Evidence.builder().addText("ibstat.txt", text).build(), Locale.ENGLISH);
        assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(r.coverage().gaps()).anySatisfy(g -> {
            assertThat(g.id()).isEqualTo(Coverage.GAP_NODE_NOT_READ);
            assertThat(g.text()).contains("gpu02");
        });
        Report healthy = NcclScope.analyze(Evidence.builder().addText("ibstat.txt", "$ pdsh -w gpu01 ibstat\n" + prefixed("gpu01", good))
                .build(), Locale.ENGLISH);
        assertThat(healthy.verdict()).isEqualTo(Verdict.HEALTHY);
    }

    /** The verdict, the kinds read (each once) and the codes with their severities. */
    private static String codes(String name, String text) {
        Evidence e = Evidence.builder().addText(name, text).build();
        Report r = NcclScope.analyze(e, Locale.ENGLISH);
        List<String> kinds = e.artifacts().stream().map(a -> a.kind().id()).distinct().toList();
        List<String> codes = r.findings().stream().map(f -> f.code() + ":" + f.severity()).sorted().distinct().toList();
        return r.verdict() + " " + kinds + " " + codes;
    }
}

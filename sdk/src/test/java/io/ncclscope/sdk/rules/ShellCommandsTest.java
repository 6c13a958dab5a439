package io.ncclscope.sdk.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.workflow.WorkflowView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command a report shows runs as written in a shell: the catalogue's commands, and the commands the reports of
 * our own examples render (findings' actions with their values filled, the workflow's next commands). No line only
 * assigns variables (pasted, {@code NCCL_IB_GID_INDEX=3} does nothing: {@code export} it), no line is Python, and
 * {@code bash -n} accepts them all, {@code <placeholders>} read as words. Also: no fixed example value that reads as
 * this node's ({@code mlx5_0,mlx5_1}, {@code ^lo,docker0,virbr0}, GID index 3).
 */
class ShellCommandsTest {

    private static final Pattern ONLY_ASSIGNMENTS = Pattern.compile("^\\s*([A-Za-z_][A-Za-z0-9_]*=\\S*\\s*)+$");
    private static final Pattern PYTHON = Pattern.compile(
            "^\\s*(import\\s|from\\s+\\S+\\s+import\\s|def\\s|print\\(|[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)+\\()");
    private static final Pattern PLACEHOLDER = Pattern.compile("<[^<>\\n]{1,80}>");
    private static final List<String> EXAMPLE_VALUES = List.of("mlx5_0,mlx5_1", "^lo,docker0,virbr0", "GID_INDEX=3");

    static Set<String> commands() throws IOException {
        Set<String> out = new LinkedHashSet<>();
        for (Rule r : RuleCatalog.all()) {
            for (Action a : RuleCatalog.text(r.code(), Locale.ENGLISH).actions()) if (a.hasCommand()) out.add(a.command());
        }
        List<Path> inputs = new ArrayList<>();
        for (String dir : List.of("captured", "blind", "ab", "pairs")) {
            Path p = Path.of("../examples", dir);
            if (!Files.isDirectory(p)) continue;
            try (Stream<Path> s = Files.list(p)) {
                s.filter(Files::isDirectory).sorted().forEach(inputs::add);
            }
        }
        Path nccl = Path.of("../examples/captured/h200-1gpu/nccl");
        try (Stream<Path> s = Files.list(nccl)) {
            s.filter(f -> f.toString().endsWith(".log")).sorted().forEach(inputs::add);
        }
        for (Path in : inputs) {
            Report r = NcclScope.analyze(NcclScope.evidence(in));
            for (LocalizedFinding f : r.findings()) {
                for (Action a : f.actions()) if (a.hasCommand()) out.add(a.command());
            }
            for (WorkflowView.StepView st : r.workflow().steps()) {
                for (WorkflowView.CommandView c : st.commands()) out.add(c.command());
            }
        }
        return out;
    }

    @Test
    void noLineOnlyAssignsOrIsPythonOrShowsAnExampleValue() throws IOException {
        Set<String> all = commands();
        assertThat(all).hasSizeGreaterThan(50);
        for (String c : all) {
            for (String line : c.split("\n")) {
                assertThat(line).as("a line that assigns and runs nothing: %s", c).doesNotMatch(ONLY_ASSIGNMENTS);
                assertThat(line).as("Python in a shell command: %s", c).doesNotMatch(PYTHON);
            }
            for (String v : EXAMPLE_VALUES) assertThat(c).as("example value in %s", c).doesNotContain(v);
        }
    }

    @Test
    void bashAcceptsEveryCommand(@TempDir Path dir) throws Exception {
        Path bash = Path.of("/bin/bash");
        Assumptions.assumeTrue(Files.isExecutable(bash), "no bash here");
        List<String> script = new ArrayList<>();
        List<String> origin = new ArrayList<>();
        for (String c : commands()) {
            // Each command in a function of its own, so one that does not parse names itself by line.
            script.add("f" + script.size() + "() {");
            origin.add(c);
            for (String line : c.split("\n")) {
                script.add(PLACEHOLDER.matcher(line).replaceAll("PLACEHOLDER"));
                origin.add(c);
            }
            script.add("}");
            origin.add(c);
        }
        Path f = dir.resolve("commands.sh");
        Files.write(f, script, StandardCharsets.UTF_8);
        Process p = new ProcessBuilder(bash.toString(), "-n", f.toString()).redirectErrorStream(true).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String where = out;
        java.util.regex.Matcher m = Pattern.compile("line (\\d+)").matcher(out);
        if (m.find()) where = out + " in: " + origin.get(Integer.parseInt(m.group(1)) - 1);
        assertThat(p.exitValue()).as(where).isZero();
    }
}

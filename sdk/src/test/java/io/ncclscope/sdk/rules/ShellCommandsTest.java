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
 * Every command a report shows runs as written in its language: the catalogue's commands, and the commands the reports
 * of our own examples render (findings' actions with their values filled, the workflow's next commands). A shell
 * command: no line only assigns variables (pasted, {@code NCCL_IB_GID_INDEX=3} does nothing: {@code export} it), no
 * line is Python (not even {@code python -c}), and {@code bash -n} accepts them all, {@code <placeholders>} read as
 * words. A Python command ({@link CommandLanguage#PYTHON}) parses as Python. Also: no fixed example value that reads
 * as this node's ({@code mlx5_0,mlx5_1}, {@code ^lo,docker0,virbr0}, GID index 3, 8 GPUs per node).
 */
class ShellCommandsTest {

    private static final Pattern ONLY_ASSIGNMENTS = Pattern.compile("^\\s*([A-Za-z_][A-Za-z0-9_]*=\\S*\\s*)+$");
    static final Pattern PYTHON = Pattern.compile(
            "^\\s*(import\\s|from\\s+\\S+\\s+import\\s|def\\s|print\\(|[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)+\\()"
                    + "|\\bpython3?\\s+-c\\b");
    private static final Pattern PLACEHOLDER = Pattern.compile("<[^<>\\n]{1,80}>");
    private static final List<String> EXAMPLE_VALUES = List.of("mlx5_0,mlx5_1", "^lo,docker0,virbr0", "GID_INDEX=3",
            "NCCL_IB_HCA=mlx5_0 ");
    /** GPU counts a catalogue command must not fix: the node's count fills {@code ${gpus_per_node}} or a placeholder stays. */
    private static final Pattern FIXED_GPU_COUNT = Pattern.compile("(-g [2-9]\\d*\\b|ppr:\\d+:|--nproc_per_node=\\d|--ntasks-per-node=\\d"
            + "|--gpus-per-node \\d|-np \\d{2,})");

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
    void noShellLineOnlyAssignsOrIsPythonAndNoCommandShowsAnExampleValue() throws IOException {
        Set<String> all = commands();
        assertThat(all).hasSizeGreaterThan(50);
        assertThat(all).as("the Python commands of the catalogue").anyMatch(c -> CommandLanguage.of(c) == CommandLanguage.PYTHON);
        for (String c : all) {
            for (String v : EXAMPLE_VALUES) assertThat(c + " ").as("example value in %s", c).doesNotContain(v);
            // NCCL's own ^lo,docker leaves loopback and docker bridges out: an exclusion never names them again.
            assertThat(c).as("doubled exclusion in %s", c).doesNotContainPattern("\\^lo,docker,(lo|docker)");
            if (CommandLanguage.of(c) == CommandLanguage.PYTHON) continue;
            for (String line : c.split("\n")) {
                assertThat(line).as("a line that assigns and runs nothing: %s", c).doesNotMatch(ONLY_ASSIGNMENTS);
                assertThat(PYTHON.matcher(line).find()).as("Python in a shell command: %s", c).isFalse();
            }
        }
    }

    @Test
    void noCatalogueCommandFixesAGpuCount() {
        for (Rule r : RuleCatalog.all()) {
            for (Locale l : RuleCatalog.supportedLocales()) {
                for (Action a : RuleCatalog.text(r.code(), l).actions()) {
                    assertThat(FIXED_GPU_COUNT.matcher(a.command()).find()).as("%s: %s", r.code(), a.command()).isFalse();
                }
            }
        }
    }

    @Test
    void pythonParsesAsPython(@TempDir Path dir) throws Exception {
        Path python = Path.of("/usr/bin/python3");
        Assumptions.assumeTrue(Files.isExecutable(python), "no python3 here");
        List<String> snippets = commands().stream().filter(c -> CommandLanguage.of(c) == CommandLanguage.PYTHON).toList();
        assertThat(snippets).isNotEmpty();
        for (String c : snippets) {
            Path f = dir.resolve("snippet.py");
            Files.writeString(f, c + "\n", StandardCharsets.UTF_8);
            Process p = new ProcessBuilder(python.toString(), "-c", "import ast,sys; ast.parse(open(sys.argv[1]).read())", f.toString())
                    .redirectErrorStream(true).start();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as("%s: %s", c, new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
        }
    }

    /** A code block of Markdown or a chat: its fence's info string and its lines. */
    private record Block(String info, List<String> lines) {
    }

    private static List<Block> fencedBlocks(String text) {
        List<Block> out = new ArrayList<>();
        String[] lines = text.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String t = lines[i].strip();
            if (!t.startsWith("```")) continue;
            String info = t.substring(3).strip();
            List<String> body = new ArrayList<>();
            for (i++; i < lines.length && !lines[i].strip().startsWith("```"); i++) body.add(lines[i]);
            out.add(new Block(info, body));
        }
        return out;
    }

    private static boolean python(List<String> lines) {
        return lines.stream().anyMatch(l -> PYTHON.matcher(l).find());
    }

    @Test
    void everyRenderingShowsPythonInABlockOfItsOwn() throws IOException {
        // The captured duplicate-GPU run (examples/captured): NCCL_DUPLICATE_GPU's actions and the rank-mapping step
        // are Python for the training script, beside shell commands.
        io.ncclscope.sdk.evidence.Evidence e = NcclScope.evidence(Path.of("../examples/captured/h200-1gpu/nccl/duplicate-gpu.log"));
        int pythonBlocks = 0;
        for (Locale l : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
            Report r = NcclScope.analyze(e, l);
            io.ncclscope.sdk.report.FinalReport fr = NcclScope.report(e, l);
            List<String> markdowns = List.of(NcclScope.render(r, io.ncclscope.sdk.Format.MARKDOWN),
                    NcclScope.render(fr, io.ncclscope.sdk.Format.MARKDOWN),
                    io.ncclscope.sdk.workflow.WorkflowRenderers.markdown(r.workflow()));
            for (String md : markdowns) {
                for (Block b : fencedBlocks(md)) {
                    if (b.info().isEmpty()) assertThat(python(b.lines())).as("Python in a shell block:\n%s", b).isFalse();
                    else if (b.info().equals("python")) pythonBlocks++;
                }
            }
            for (io.ncclscope.sdk.Format chat : List.of(io.ncclscope.sdk.Format.SLACK, io.ncclscope.sdk.Format.FEISHU)) {
                String card = io.ncclscope.parsers.json.Json.parse(NcclScope.render(r, chat)).toString();
                for (Block b : fencedBlocks(card.replace("\\n", "\n"))) {
                    boolean py = !b.lines().isEmpty() && b.lines().get(0).strip().equals("# Python");
                    if (py) pythonBlocks++;
                    else assertThat(python(b.lines())).as("Python in a %s shell block:\n%s", chat, b).isFalse();
                }
            }
            String html = NcclScope.render(fr, io.ncclscope.sdk.Format.HTML);
            java.util.regex.Matcher pre = Pattern.compile("<pre( class=\"python\")?>([^<]*)</pre>").matcher(html);
            while (pre.find()) {
                if (pre.group(1) != null) pythonBlocks++;
                else assertThat(python(List.of(pre.group(2).split("\n")))).as("Python in an HTML shell block: %s", pre.group(2)).isFalse();
            }
            for (String text : List.of(NcclScope.render(r, io.ncclscope.sdk.Format.TEXT), NcclScope.render(fr, io.ncclscope.sdk.Format.TEXT),
                    io.ncclscope.sdk.workflow.WorkflowRenderers.text(r.workflow()))) {
                for (String line : text.split("\n")) {
                    String t = line.strip();
                    if (t.startsWith("$ ")) assertThat(PYTHON.matcher(t.substring(2)).find()).as("Python after a shell prompt: %s", t).isFalse();
                    if (t.startsWith(">>> ")) pythonBlocks++;
                }
            }
        }
        // Markdown (report, final, workflow), both chats, HTML and text each show Python in both languages.
        assertThat(pythonBlocks).isGreaterThanOrEqualTo(2 * 7);
    }

    @Test
    void bashAcceptsEveryCommand(@TempDir Path dir) throws Exception {
        Path bash = Path.of("/bin/bash");
        Assumptions.assumeTrue(Files.isExecutable(bash), "no bash here");
        List<String> script = new ArrayList<>();
        List<String> origin = new ArrayList<>();
        for (String c : commands()) {
            if (CommandLanguage.of(c) == CommandLanguage.PYTHON) continue;
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

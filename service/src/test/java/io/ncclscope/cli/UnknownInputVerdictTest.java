package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.cli.CliTest.Run;
import io.ncclscope.parsers.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs in which nothing is of a known kind (issue 19): files given one by one, a paste or stdin that are no tool's
 * output are bad input (exit 2, a message saying so); a folder or bundle archive in which nothing could be judged is
 * a report whose verdict is inconclusive (exit 4), never healthy. The same for {@code analyze} and {@code report};
 * {@code workflow} reads such a folder as step 1 to do.
 */
class UnknownInputVerdictTest {

    private static final String NOT_A_TOOL = "Dear team,\nthe training job is slow again since Monday.\nThanks\n";

    @Test
    void aFileThatIsNoToolsOutputIsBadInput(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("mail.txt"), NOT_A_TOOL, StandardCharsets.UTF_8);
        for (String command : new String[] {"analyze", "report", "workflow"}) {
            Run r = CliTest.run(command, f.toString());
            assertThat(r.code()).as(command + ": " + r.err()).isEqualTo(Main.BAD_INPUT);
            assertThat(r.err()).as(command).contains("no known tool output in the input");
        }
        Run stdin = CliTest.runWithStdin(NOT_A_TOOL, "analyze", "-");
        assertThat(stdin.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(stdin.err()).contains("no known tool output in the input");
    }

    @Test
    void aFolderWhereNothingCouldBeJudgedIsInconclusive(@TempDir Path dir) throws Exception {
        Path bundle = dir.resolve("bundle/node1");
        Files.createDirectories(bundle);
        Files.writeString(bundle.resolve("mail.txt"), NOT_A_TOOL, StandardCharsets.UTF_8);
        Files.writeString(bundle.resolve("notes.txt"), "todo: ask the admins\n", StandardCharsets.UTF_8);
        Run r = CliTest.run("analyze", "--format", "json", dir.resolve("bundle").toString());
        assertThat(r.code()).as(r.err()).isEqualTo(Main.INCONCLUSIVE);
        Map<?, ?> report = (Map<?, ?>) Json.parse(r.out());
        assertThat(report.get("verdict")).isEqualTo("inconclusive");
        assertThat(((Map<?, ?>) report.get("coverage")).get("gaps")).asList().isNotEmpty();

        Run html = CliTest.run("report", "--format", "md", dir.resolve("bundle").toString());
        assertThat(html.code()).as(html.err()).isEqualTo(Main.INCONCLUSIVE);

        Run flow = CliTest.run("workflow", dir.resolve("bundle").toString());
        assertThat(flow.code()).as(flow.err()).isEqualTo(Main.OK);
        assertThat(flow.out()).contains("1.");
    }

    @Test
    void anEmptyFolderIsInconclusive(@TempDir Path dir) throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        Run r = CliTest.run("analyze", "--format", "json", empty.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(Main.INCONCLUSIVE);
        assertThat(((Map<?, ?>) Json.parse(r.out())).get("verdict")).isEqualTo("inconclusive");
    }

    @Test
    void anArchiveOfUnknownFilesIsInconclusive(@TempDir Path dir) throws Exception {
        Path node = Files.createDirectories(dir.resolve("src/node1"));
        Files.writeString(node.resolve("mail.txt"), NOT_A_TOOL, StandardCharsets.UTF_8);
        Path tar = dir.resolve("bundle.tar.gz");
        Process p = new ProcessBuilder("tar", "-czf", tar.toString(), "-C", dir.resolve("src").toString(), "node1")
                .redirectErrorStream(true).start();
        assertThat(p.waitFor()).isZero();
        Run r = CliTest.run("analyze", "--format", "json", tar.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(Main.INCONCLUSIVE);
        assertThat(((Map<?, ?>) Json.parse(r.out())).get("verdict")).isEqualTo("inconclusive");
    }
}

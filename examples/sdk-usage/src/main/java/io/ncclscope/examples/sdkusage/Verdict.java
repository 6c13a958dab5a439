package io.ncclscope.examples.sdkusage;

import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.Report;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Turns a folder of tool outputs (one node's, or one sub-folder per node) into a Markdown verdict for a chat.
 * Usage: {@code Verdict FOLDER [OUT.md]}; the verdict goes to stdout, and to OUT.md when given.
 */
public final class Verdict {

    private Verdict() {
    }

    /**
     * Runs the example.
     *
     * @param args the folder of outputs, and optionally a file to write the verdict to
     * @throws IOException when the folder cannot be read or the file written
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: Verdict FOLDER [OUT.md]");
            System.exit(2);
        }
        Path folder = Path.of(args[0]);
        // The README's SDK quick start, line for line:
        Evidence evidence = NcclScope.evidence(folder);
        Report report = NcclScope.analyze(evidence);
        String markdown = NcclScope.render(report, Format.MARKDOWN);
        System.out.print(markdown);

        if (args.length > 1) Files.writeString(Path.of(args[1]), markdown, StandardCharsets.UTF_8);
    }
}

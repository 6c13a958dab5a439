package io.ncclscope.cli;

import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.bandwidth.Segments;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.plot.BusBwPlot;
import io.ncclscope.sdk.plot.Png;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ncclscope plot}: busbw against message size, with the expected plateau drawn in. */
@Command(
        name = "plot",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Plot busbw against message size for nccl-tests runs, with the expected plateau.",
            "Every nccl-tests table in the inputs becomes one series (out-of-place solid, in-place dashed). "
                    + "The expected plateau is --expected when given, else the figure ncclscope derives from the "
                    + "hardware facts in the same inputs (nvidia-smi, topo, ibstat...), else none. "
                    + "The output is SVG, or PNG when the file name ends in .png (for chats that need an image).",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope plot -o busbw.svg all_reduce_perf.txt",
            "  ncclscope plot -o ab.png default/ ib-disable/          two runs in one chart",
            "  ncclscope plot --expected 192 -o run.svg node1/        with the expected plateau",
            "",
            "Exit codes: 0 written; 2 usage error or no nccl-tests table in the inputs; 3 internal error."
        })
final class PlotCommand implements Callable<Integer> {

    @Option(names = {"-o", "--out"}, paramLabel = "FILE", required = true,
            description = "Where to write the chart: .svg (default) or .png.")
    Path out;

    @Option(names = "--expected", paramLabel = "GB/s", description = "The expected busbw plateau, drawn as a dashed line.")
    Double expected;

    @Option(names = "--title", paramLabel = "TEXT", description = "Chart title (default: the test and 'busbw vs message size').")
    String title;

    @Parameters(paramLabel = "PATH", arity = "1..*", description = "nccl-tests outputs: files or folders.")
    List<Path> paths = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Evidence.Builder b = Evidence.builder();
        for (Path p : paths) {
            if (!Files.exists(p)) {
                spec.commandLine().getErr().println("ncclscope: " + p + ": no such file or folder");
                return Main.BAD_INPUT;
            }
            b.addPath(p);
        }
        Evidence e = b.build();
        List<BusBwPlot.Series> series = new ArrayList<>();
        for (Evidence.Item<NcclTestsData> t : e.all(NcclTestsData.class)) {
            if (!t.data().rows().isEmpty()) series.add(new BusBwPlot.Series(t.artifact().name(), t.data()));
        }
        if (series.isEmpty()) {
            spec.commandLine().getErr().println("ncclscope: no nccl-tests table with rows in the inputs");
            return Main.BAD_INPUT;
        }
        Double exp = expected != null ? expected : Segments.of(e).stream()
                .filter(v -> v.measuredGBs() != null).map(SegmentVerdict::expectedGBs)
                .filter(Objects::nonNull).findFirst().orElse(null);
        if (out.getParent() != null) Files.createDirectories(out.getParent());
        boolean png = out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png");
        if (png) {
            Files.write(out, Png.render(series, exp, title, BusBwPlot.WIDTH, BusBwPlot.HEIGHT));
        } else {
            Files.writeString(out, BusBwPlot.svg(series, exp, title), StandardCharsets.UTF_8);
        }
        spec.commandLine().getErr().println("ncclscope: wrote " + out + " (" + series.size() + " series"
                + (exp != null ? String.format(Locale.ROOT, ", expected %.1f GB/s", exp) : "") + ")");
        return Main.OK;
    }
}

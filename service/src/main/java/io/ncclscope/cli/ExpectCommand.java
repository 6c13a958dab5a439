package io.ncclscope.cli;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.bandwidth.Expectations;
import io.ncclscope.sdk.evidence.Evidence;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ncclscope expect}: the busbw each collective should reach on the hardware found, and why. */
@Command(
        name = "expect",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Say what bandwidth the hardware should give (is my busbw normal?).",
            "Counts the expected nccl-tests busbw of all_reduce, all_gather, reduce_scatter, alltoall, broadcast "
                    + "and sendrecv from the hardware: the GPU's NVLinks (generation x links) or PCIe link, every NIC "
                    + "port and its rate, and the path from each GPU to its NIC. Figures come per message-size band: the "
                    + "latency band (up to 64 KiB, where a call costs its fixed latency) and the plateau (from 64 MiB), "
                    + "for 1 node and for --nodes N. The plateau is a range: the ring's figure (what 'analyze' holds "
                    + "runs against; below 70%% of it is slow) up to what NVLS or a 2-node tree reach. A degraded part "
                    + "(a port below its sibling rails' rate, a PCIe link trained narrower than it can, NVLinks down) "
                    + "lowers the figure and is named. Every figure comes with its derivation and sources.",
            "Input: one node's outputs (nvidia-smi -q, nvidia-smi topo -m, ibstat, ethtool, or a 'ncclscope collect' "
                    + "bundle; nccl-tests device lines name the GPU when nvidia-smi is missing), or a named system, "
                    + "or a spec GPUSxGPU[,NICSxRATEg] such as 8xH100-SXM,8x400g. Named systems: "
                    + "h100-sxm-8x400g, h200-sxm, a100-sxm-8x200g, b200-8x400g, aws-p4de, aws-p5, gcp-a3mega, "
                    + "gcp-a3high, oci-bm-gpu4.8, gh200-slingshot (docs/expect.md says what each holds).",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope expect h100-sxm-8x400g                 one node of the reference H100 system",
            "  ncclscope expect --nodes 4 h200-sxm              and 4 of them",
            "  ncclscope expect --nodes 2 8xA100-SXM4,4x100g    a spec: 8 A100 per node, 4 NICs of 100 Gb/s",
            "  ncclscope expect --nodes 2 bundle/               from a node's outputs (ncclscope collect)",
            "  ncclscope expect --format json node1/ | jq '.figures[] | {collective, nodes, plateauLow}'",
            "  ncclscope expect --lang zh-CN h100-sxm-8x400g    the derivation in Chinese",
            "",
            "Then compare: a measured plateau under 70%% of the low end is slow ('ncclscope analyze' says which "
                    + "segment); above the high end is never a fault (NVLS, SHARP and tree can beat every wire rate).",
            "",
            "Exit codes:",
            "  0  the figures were counted",
            "  2  usage error: an unknown system, a bad spec or --nodes, or a path that does not exist",
            "  3  internal error"
        })
final class ExpectCommand implements Callable<Integer> {

    @CommandLine.Mixin
    ReportOptions output;

    @Option(names = {"-n", "--nodes"}, paramLabel = "N", defaultValue = "2",
            description = "Node count of the multi-node figures (default 2; 1 gives the one-node figures alone).")
    int nodes;

    @Parameters(paramLabel = "PATH|SYSTEM", arity = "1..*",
            description = "A node's outputs (files or folders), or one named system or spec.")
    List<String> inputs = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Locale locale = output.locale(spec.commandLine());
        if (nodes < 1 || nodes > 100_000) throw new CommandLine.ParameterException(spec.commandLine(), "--nodes must be 1 to 100000, not " + nodes);
        Expectations.Result result;
        if (inputs.size() == 1 && !Files.exists(Path.of(inputs.get(0)))) {
            try {
                result = NcclScope.expect(inputs.get(0), nodes);
            } catch (IllegalArgumentException e) {
                err.println("ncclscope: " + inputs.get(0) + ": no such file or folder, and " + e.getMessage());
                return Main.BAD_INPUT;
            }
        } else {
            Evidence.Builder b = Evidence.builder();
            for (String s : inputs) {
                Path p = Path.of(s);
                if (!Files.exists(p)) {
                    err.println("ncclscope: " + p + ": no such file or folder");
                    return Main.BAD_INPUT;
                }
                b.addPath(p);
            }
            Evidence evidence = b.build();
            evidence.problems().forEach(pr -> err.println("ncclscope: " + pr.name() + ": " + pr.message()));
            result = NcclScope.expect(evidence, nodes);
        }
        out.print(NcclScope.render(result, output.format(), locale));
        out.flush();
        return Main.OK;
    }
}

package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.env.EnvData;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.net.IpLinkData;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.ArrayList;
import java.util.List;

/**
 * What the transport pass keeps of one slice: the summaries of its NCCL logs (also the NCCL lines of nccl-tests
 * outputs), with the NCCL settings of the node's environment listings, and of its hardware records, in artifact
 * order.
 *
 * @param nodes    the slice's nodes
 * @param logs     its logs' summaries
 * @param hardware its {@code ibstat}, {@code ip addr} / {@code ibdev2netdev} and {@code nvidia-smi topo -m} artifacts,
 *                 kept whole: the checks across nodes read their records and quote their lines
 */
record NodeSummary(List<String> nodes, List<LogSummary> logs, List<Artifact> hardware) {

    /** {@return the summary of {@code slice}} */
    static NodeSummary of(Evidence slice) {
        List<LogSummary> logs = new ArrayList<>();
        List<Artifact> hardware = new ArrayList<>();
        // A node's environment listing (a collect bundle's env.txt) holds settings its logs may not print: they
        // count for the node's logs where a log says nothing of them, and never for another node's.
        List<LogFact<EnvSetting>> nodeEnv = new ArrayList<>();
        if (slice.sliceNode() != null) {
            for (Artifact a : slice.artifacts()) {
                a.data(EnvData.class).ifPresent(e -> nodeEnv.addAll(LogSummary.environment(a, e)));
            }
        }
        for (Artifact a : slice.artifacts()) {
            Object d = a.result().data();
            if (d instanceof NcclLog l) {
                logs.add(LogSummary.of(a, l, null, nodeEnv));
            } else if (d instanceof NcclTestsData t) {
                // The nccl-tests parser read its NCCL lines as a log too (line numbers kept; null when it printed none),
                // quoted from the artifact's text.
                if (a.hasText() && t.ncclLog() != null) logs.add(LogSummary.of(a, t.ncclLog(), t.multiNode(), nodeEnv));
            } else if (d instanceof IbstatData || d instanceof IpLinkData || d instanceof Topology) {
                hardware.add(a);
            }
        }
        return new NodeSummary(List.copyOf(slice.nodes()), List.copyOf(logs), List.copyOf(hardware));
    }
}

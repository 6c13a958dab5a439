package io.ncclscope.sdk.report;

import io.ncclscope.parsers.Kind;
import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.hangs.HangPass;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a report rests on: each {@link CheckFamily} as checked or not, with the inputs it was checked from or the
 * input that would let it run, and the gaps that keep the evidence from answering its question. Built once, in the
 * report model, from the kinds of input read and the bandwidth segments judged; every rendering shows it as it is.
 *
 * <p>The verdict rule ({@link Verdict}): a report with no finding of warning severity or worse is
 * {@link Verdict#INCONCLUSIVE} when {@link #gaps()} is not empty, else {@link Verdict#HEALTHY}. A gap is one of:
 * <ul>
 *   <li>no family of checks could run: no input of a known kind was read (an empty or all-failed bundle, text that
 *   is no tool's output), or only kinds no check reads on their own ({@code numactl -H} alone);</li>
 *   <li>a bandwidth segment was measured with no hardware facts to judge it against (a lone nccl-tests table);</li>
 *   <li>a {@code collect} bundle holds no {@code nvidia-smi} output (the GPU tools failed or are missing);</li>
 *   <li>a node's part of a fleet tool's output (pdsh, clush, ansible: {@code gpu02: bash: ibstat: command not found})
 *   is no known tool output: that node was not looked at.</li>
 * </ul>
 *
 * @param checks one entry per {@link CheckFamily}, in its order
 * @param gaps   why the evidence cannot answer its question, in the report's language; empty when it can
 */
public record Coverage(List<Check> checks, List<Gap> gaps) {

    /** Bundle nodes named in the gap about missing GPU tools; the rest are counted. */
    static final int NODES_NAMED = 3;
    /** Most NCCL RAS output names kept to match hang findings against (a job has one RAS report, or one per node). */
    static final int MAX_RAS_OUTPUTS = 1024;

    /**
     * Creates the record: copies lists into unmodifiable ones.
     *
     * @param checks one entry per {@link CheckFamily}, in its order
     * @param gaps   why the evidence cannot answer its question; empty when it can
     */
    public Coverage {
        checks = List.copyOf(checks);
        gaps = List.copyOf(gaps);
    }

    /** The gap about missing hardware facts: a bandwidth measured with nothing to judge it against. */
    public static final String GAP_NOT_JUDGED = "not-judged";
    /** The gap about a collect bundle with no {@code nvidia-smi} output. */
    public static final String GAP_NO_GPU_TOOLS = "no-gpu-tools";
    /** The gap about inputs none of which is of a known kind. */
    public static final String GAP_NOTHING_READ = "nothing-read";
    /** The gap about inputs of known kinds that no check reads on their own. */
    public static final String GAP_NO_CHECK = "no-check";
    /** The gap about nodes of a fleet tool's output whose part is no known tool output. */
    public static final String GAP_NODE_NOT_READ = "node-not-read";

    /**
     * One reason the evidence cannot answer its question.
     *
     * @param id   {@value #GAP_NOTHING_READ}, {@value #GAP_NO_CHECK}, {@value #GAP_NOT_JUDGED}, {@value #GAP_NO_GPU_TOOLS}
     *             or {@value #GAP_NODE_NOT_READ}
     * @param text the reason in the report's language, a phrase without a final stop
     */
    public record Gap(String id, String text) {
    }

    /** Whether a family's checks ran. */
    public enum Status {
        /** The family's inputs were read and its checks ran (a bandwidth segment: measured and judged). */
        CHECKED("checked"),
        /** A bandwidth segment was measured, but the evidence lacks the hardware facts to judge it. */
        NOT_JUDGED("not-judged"),
        /** None of the family's inputs were read. */
        NOT_CHECKED("not-checked");

        private final String jsonValue;

        Status(String jsonValue) {
            this.jsonValue = jsonValue;
        }

        /** {@return the JSON value: the report's JSON writes enums by {@code toString()}} */
        @Override
        public String toString() {
            return jsonValue;
        }
    }

    /**
     * One family of checks.
     *
     * @param family the family ({@code errors}, {@code affinity}, {@code inter-node}...)
     * @param status checked, not judged or not checked
     * @param label  the family's name in the report's language
     * @param inputs the kinds of input it was checked from (empty when not checked)
     * @param note   one phrase in the report's language: what it was checked from, or what would let it run
     */
    public record Check(CheckFamily family, Status status, String label, List<String> inputs, String note) {
        /**
         * Copies the inputs.
         *
         * @param family the family
         * @param status checked, not judged or not checked
         * @param label  the family's name in the report's language
         * @param inputs the kinds of input it was checked from
         * @param note   what it was checked from, or what would let it run
         */
        public Check {
            inputs = List.copyOf(inputs);
        }

        /** {@return whether the family's checks ran} */
        public boolean checked() {
            return status == Status.CHECKED;
        }
    }

    /** {@return the checks that ran} */
    public List<Check> checkedOnes() {
        return checks.stream().filter(Check::checked).toList();
    }

    /** {@return the checks that did not run or could not judge} */
    public List<Check> uncheckedOnes() {
        return checks.stream().filter(c -> !c.checked()).toList();
    }

    /** {@return a fold that tallies what the coverage needs, slice by slice} */
    static Fold fold() {
        return new Fold();
    }

    /**
     * The tallies of a coverage: the kinds read, and the collect bundles' nodes with and without {@code nvidia-smi}
     * output. Fed slice by slice, in any order; holds a few sets, never the artifacts.
     */
    static final class Fold {
        private final Set<Kind> read = java.util.EnumSet.noneOf(Kind.class);
        private final Set<String> blindBundles = new TreeSet<>(Evidence::compareNodes);
        /** The nodes of a fleet tool's output whose part is no known tool output. */
        private final Set<String> unreadNodes = new TreeSet<>(Evidence::compareNodes);
        /** Whether a Flight Recorder dump read records progress: only then do the dumps count for the hangs check. */
        private boolean progressDumps;
        /** The names of the NCCL RAS outputs read (a few per job), to tell whether a hang finding rests on one. */
        private final Set<String> rasOutputs = new java.util.HashSet<>();
        /**
         * Whether a hang finding quotes an NCCL RAS output: only then does RAS count for the hangs check. RAS counts the
         * collectives each rank launched, not whether they completed: asked while examples/hangs/captured-2.11/nccl-stuck
         * hung (an all_reduce queued behind a spinning kernel, the watchdog about to fire), it printed {@code RUNNING} and
         * {@code OK}. A RAS report that finds nothing has not looked for a hang every rank entered, so it cannot vouch
         * for a job; one whose issues name the hang has looked at it.
         */
        private boolean rasNamedHang;
        /**
         * Whether an nccl-tests output read carries NCCL's own lines ({@code NCCL_DEBUG=INFO}): only then does it count
         * for the transport check, which reads them as it reads an NCCL log's.
         */
        private boolean testsWithNcclLines;

        void add(Evidence slice) {
            boolean gpuFacts = false;
            for (Artifact a : slice.artifacts()) {
                if (a.kind() == Kind.UNKNOWN && a.nodeSource() == io.ncclscope.sdk.evidence.NodeSource.FLEET) a.node().ifPresent(unreadNodes::add);
                if (a.kind() == Kind.UNKNOWN || readNothing(a)) continue;
                read.add(a.kind());
                if (a.kind() == Kind.FLIGHT_RECORDER && !progressDumps) progressDumps = tracksProgress(a);
                if (a.kind() == Kind.NCCL_RAS && rasOutputs.size() < MAX_RAS_OUTPUTS) rasOutputs.add(a.name());
                if (a.kind() == Kind.NCCL_TESTS && !testsWithNcclLines) testsWithNcclLines = carriesNcclLines(a);
                if (a.kind() == Kind.TOPO || a.kind() == Kind.NVIDIA_SMI_Q) gpuFacts = true;
            }
            if (!gpuFacts) {
                for (Evidence.Bundle b : slice.bundles()) blindBundles.add(b.node());
            }
        }

        /**
         * Whether {@code a} is an input detected from its look but from which nothing a check judges was read. Such an
         * input has not been looked at, so it must not make a report healthy (a form the reader does not know, or a
         * paste cut after its header, would otherwise read as a node with nothing wrong):
         * <ul>
         *   <li>an nccl-tests output with no row, average, error, device or parameter line or usage text;</li>
         *   <li>an NCCL log with no NCCL line, version, warning, launcher or PyTorch error, hang report, event or setting;</li>
         *   <li>an {@code ibstat} with no port (a CA's header only) and no tool error;</li>
         *   <li>an {@code nvidia-smi topo -m} with no GPU row (the header only);</li>
         *   <li>an {@code nvidia-smi -q} or {@code -L} with no GPU and no tool error that says what is wrong with the GPUs
         *   ({@code Attached GPUs : 8}, then cut; {@code Failed to parse --display/-d flags}: the command did not run, our
         *   capture {@code h200-1gpu/sys/nvsmi-q-pci.txt}); a driver that does not answer or a lost GPU is an answer, and
         *   an empty {@code nvidia-smi nvlink -s} says the node has no NVLink: both count;</li>
         *   <li>an {@code ethtool} output with no counter, link setting, driver line or tool error.</li>
         * </ul>
         */
        private static boolean readNothing(Artifact a) {
            return switch (a.kind()) {
                case NCCL_LOG -> a.data(io.ncclscope.parsers.nccl.NcclLog.class).map(g -> g.ncclLines() == 0
                        && g.ncclVersion() == null && g.warnings().isEmpty() && g.launcherErrors().isEmpty()
                        && g.hangReports().isEmpty() && g.events().isEmpty() && g.envSettings().isEmpty()).orElse(false);
                case NCCL_TESTS -> a.data(io.ncclscope.parsers.tests.NcclTestsData.class).map(t -> t.rows().isEmpty()
                        && t.avgBusBw() == null && t.errors().isEmpty() && t.devices().isEmpty() && t.params() == null
                        && t.usage() == null && t.ncclWarnings().isEmpty() && !t.started()).orElse(false);
                case IBSTAT -> a.data(io.ncclscope.parsers.ib.IbstatData.class).map(d -> d.toolErrors().isEmpty()
                        && d.devices().stream().allMatch(x -> x.ports().isEmpty())).orElse(false);
                case TOPO -> a.data(io.ncclscope.parsers.topo.Topology.class).map(t -> t.gpus().isEmpty()).orElse(false);
                // nvidia-smi nvlink -s prints nothing on a node with no NVLink: its empty output is what it says
                case NVIDIA_SMI_Q -> a.data(io.ncclscope.parsers.nvsmi.NvidiaSmiData.class).map(d -> d.gpus().isEmpty()
                        && d.toolErrors().stream().allMatch(m -> m.failure() == io.ncclscope.parsers.nvsmi.NvsmiFailure.OTHER)
                        && !d.sources().contains(io.ncclscope.parsers.nvsmi.NvsmiSource.NVLINK_STATUS))
                        .orElse(false);
                case ETHTOOL -> a.data(io.ncclscope.parsers.ethtool.EthtoolData.class).map(e -> e.counters().isEmpty()
                        && e.toolErrors().isEmpty() && e.speedMbps() == null && e.linkDetected() == null && e.driver() == null
                        && e.interfaces().stream().allMatch(i -> i.counters().isEmpty() && i.speedMbps() == null
                                && i.linkDetected() == null && i.driver() == null && i.supportedLinkModes().isEmpty()))
                        .orElse(false);
                default -> false;
            };
        }

        /**
         * Takes one finding of the report: a hang finding that quotes an NCCL RAS output makes RAS count for the hangs
         * check. Called after the slices the finding's lines quote.
         */
        void finding(Finding f) {
            if (rasNamedHang || rasOutputs.isEmpty() || !HangPass.isHangCode(f.code())) return;
            for (EvidenceLine line : f.evidence()) {
                if (rasOutputs.contains(line.artifact())) {
                    rasNamedHang = true;
                    return;
                }
            }
        }

        /**
         * Whether a Flight Recorder dump can judge a hang: some entry started or completed. gloo's recorder leaves every
         * entry {@code scheduled} (examples/hangs/captured-2.11), so its dumps alone show where each rank enqueued, not
         * whether anything hung; they name ranks by difference, and a dump that agrees with the others proves nothing.
         */
        private static boolean tracksProgress(Artifact a) {
            return a.data(io.ncclscope.parsers.flightrec.FlightRecorderDump.class).map(d -> d.entries().stream()
                    .anyMatch(e -> e.state() != null && !"scheduled".equals(e.state()))).orElse(false);
        }

        /** Whether an nccl-tests output carries NCCL's INFO lines, from which the transport check reads what NCCL chose. */
        private static boolean carriesNcclLines(Artifact a) {
            return a.data(io.ncclscope.parsers.tests.NcclTestsData.class)
                    .map(t -> t.ncclLog() != null && t.ncclLog().infoLines() > 0).orElse(false);
        }

        /** Whether input of kind {@code k}, read, counts for family {@code f}: some kinds count only when they hold what the check needs. */
        private boolean counts(CheckFamily f, Kind k) {
            if (!read.contains(k)) return false;
            return switch (k) {
                case FLIGHT_RECORDER -> progressDumps;
                case NCCL_RAS -> rasNamedHang;
                case NCCL_TESTS -> f != CheckFamily.TRANSPORT || testsWithNcclLines;
                default -> true;
            };
        }

        Coverage finish(List<SegmentVerdict> segments, Locale l) {
            Map<io.ncclscope.sdk.rules.Segment, SegmentVerdict> bySegment = new EnumMap<>(io.ncclscope.sdk.rules.Segment.class);
            segments.forEach(v -> bySegment.put(v.segment(), v));
            List<Check> checks = new ArrayList<>();
            List<Gap> gaps = new ArrayList<>();
            boolean notJudged = false;
            for (CheckFamily f : CheckFamily.values()) {
                List<String> from = List.of(); // the kinds read that count for the family, sorted; a loop, as it runs per report
                for (Kind k : f.kinds()) {
                    if (!counts(f, k)) continue;
                    if (from.isEmpty()) from = new ArrayList<>();
                    from.add(k.id());
                }
                if (from.size() > 1) from.sort(null);
                from = List.copyOf(from);
                Status status;
                if (f.segment() == null) {
                    status = from.isEmpty() ? Status.NOT_CHECKED : Status.CHECKED;
                } else {
                    SegmentVerdict v = bySegment.get(f.segment());
                    String verdict = v == null ? SegmentVerdict.NOT_MEASURED : v.verdict();
                    status = SegmentVerdict.NOT_MEASURED.equals(verdict) ? Status.NOT_CHECKED
                            : SegmentVerdict.UNKNOWN.equals(verdict) ? Status.NOT_JUDGED : Status.CHECKED;
                }
                String note = switch (status) {
                    case CHECKED -> Texts.t(l, "coverage.from", "inputs", String.join(", ", from));
                    case NOT_JUDGED -> Texts.t(l, "coverage.notJudged." + f.segment().name());
                    case NOT_CHECKED -> Texts.t(l, "coverage.needs", "input", f.needs(l));
                };
                if (status == Status.NOT_JUDGED) notJudged = true;
                checks.add(new Check(f, status, f.label(l), status == Status.NOT_CHECKED ? List.of() : from, note));
            }
            if (checks.stream().allMatch(c -> c.status() == Status.NOT_CHECKED)) {
                gaps.add(read.isEmpty() ? new Gap(GAP_NOTHING_READ, Texts.t(l, "coverage.gap.nothingRead"))
                        : new Gap(GAP_NO_CHECK, Texts.t(l, "coverage.gap.noCheck")));
            }
            if (notJudged) gaps.add(new Gap(GAP_NOT_JUDGED, Texts.t(l, "coverage.gap.notJudged")));
            if (!blindBundles.isEmpty()) gaps.add(nodesGap(GAP_NO_GPU_TOOLS, "coverage.gap.noGpuTools", blindBundles, l));
            if (!unreadNodes.isEmpty()) gaps.add(nodesGap(GAP_NODE_NOT_READ, "coverage.gap.nodeNotRead", unreadNodes, l));
            return new Coverage(checks, gaps);
        }

        /** A gap about some nodes: the first {@link #NODES_NAMED} named, the rest counted ({@code key + "More"}). */
        private static Gap nodesGap(String id, String key, Set<String> nodes, Locale l) {
            List<String> names = nodes.stream().limit(NODES_NAMED).toList();
            int more = nodes.size() - names.size();
            return new Gap(id, more > 0 ? Texts.t(l, key + "More", "names", String.join(", ", names), "more", more)
                    : Texts.t(l, key, "names", String.join(", ", names)));
        }
    }
}

package io.ncclscope.sdk.diagnose.internal;

import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Slices cut down to what one analyzer reads, for the passes whose checks compare nodes at finish: the data types it
 * reads are kept (small hardware records), the big ones it reads a little of are trimmed, and every other artifact
 * is let go (the slice's first stays as a {@link Artifact#stub() stub}, so that the node is still one of the
 * evidence's), so a node's NCCL logs and nccl-tests rows go as soon as its slice has been read.
 */
public final class Thin {

    private Thin() {
    }

    /**
     * {@return a pass that keeps each slice cut down by {@link #slice} and runs {@code check} at finish over them all,
     * in the order {@link Evidence#slices()} gives (so the findings do not depend on the order slices came in)}
     *
     * @param keep  the data types kept as they are
     * @param trim  the trimmed copy of an artifact's other data, or null to let it go
     * @param check the checks over the cut-down evidence
     */
    public static Pass pass(Set<Class<?>> keep, Function<Artifact, Object> trim, Function<Evidence, List<Finding>> check) {
        return new Pass() {
            private final List<Evidence> slices = new ArrayList<>();

            @Override
            public void add(Evidence slice) {
                slices.add(slice(Objects.requireNonNull(slice, "slice"), keep, trim));
            }

            @Override
            public List<Finding> finish() {
                slices.sort(Evidence.SLICE_ORDER);
                return check.apply(Evidence.of(slices));
            }
        };
    }

    /**
     * {@return {@code slice} with the data of {@code keep} types kept, other data trimmed by {@code trim} (null: let go)}
     * A slice of no node is kept whole: it is job-wide, not per node.
     *
     * @param slice one node's artifacts, or those of no node
     * @param keep  the data types kept as they are
     * @param trim  the trimmed copy of an artifact's other data, or null to let it go
     */
    public static Evidence slice(Evidence slice, Set<Class<?>> keep, Function<Artifact, Object> trim) {
        if (slice.nodes().isEmpty()) return slice;
        List<Artifact> out = new ArrayList<>(slice.artifacts().size());
        for (Artifact a : slice.artifacts()) {
            Object d = a.result().data();
            if (keep.stream().anyMatch(c -> c.isInstance(d))) {
                out.add(a);
                continue;
            }
            Object t = trim.apply(a);
            if (t != null) out.add(a.withData(t));
        }
        if (out.isEmpty() && !slice.artifacts().isEmpty()) out.add(slice.artifacts().get(0).stub());
        return Evidence.ofArtifacts(out);
    }

    /** {@return {@code t} with its hosts and device lines only: no rows, notes or errors} @param t a table */
    public static NcclTestsData hostsAndDevices(NcclTestsData t) {
        return new NcclTestsData(t.format(), t.test(), t.collective(), null, null, null, null, null, null, null, null,
                List.of(), t.params(), t.devices(), t.ranks(), t.hosts(), t.multiNode(), t.layout(), List.of(), null, null,
                null, null, List.of(), null, List.of(), List.of(), t.ncclLogLines(), t.started(), t.concluded());
    }

    /** {@return {@code l} with its hosts and rank lines only} @param l a log */
    public static NcclLog ranks(NcclLog l) {
        return new NcclLog(null, null, null, List.of(), null, List.of(), null, l.ranks(), l.ranksDropped(), l.hosts(),
                List.of(), Map.of(), List.of(), List.of(), List.of(), 0, 0, Map.of(), List.of(), null, null, List.of(),
                Map.of(), List.of(), null, List.of(), 0, List.of(), 0, Map.of(), List.of(), List.of(), List.of(), 0, l.lines(),
                l.ncclLines(), l.infoLines(), l.warnLines(), l.traceLines());
    }
}

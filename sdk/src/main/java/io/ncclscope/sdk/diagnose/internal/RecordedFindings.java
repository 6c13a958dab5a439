package io.ncclscope.sdk.diagnose.internal;

import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Findings made one slice at a time and handed to a {@link MergedFindings} at finish as if they had been made over
 * the whole evidence: per phase (the order the checks ran in over the whole evidence), slice by slice in
 * {@link Evidence#SLICE_NODE_ORDER}, each slice's calls in the order they were made. A pass runs its checks of one
 * node in {@code add} into the {@link SliceRecord#into recording collector} of a phase, which quotes their lines at once,
 * so that it keeps findings and no artifact; a check that needs every node runs at finish between the phases.
 *
 * <p>Of the nodes that share one finding word for word ({@link MergedFindings#addForNode}), only the first, which
 * the finding quotes, keeps its lines; the others keep their name. Not thread-safe; one per pass.
 */
public final class RecordedFindings {

    private final int phases;
    private final SliceSummaries<SliceRecord> slices = new SliceSummaries<>();
    private final Map<List<Object>, RecordedCall> holders = new HashMap<>();

    /** A replay of the findings of checks that run in {@code phases} phases. */
    public RecordedFindings(int phases) {
        this.phases = phases;
    }

    /** {@return the record of the findings of one slice read} Call {@link #keep} once its checks have run. */
    public SliceRecord slice(Evidence slice) {
        return new SliceRecord(slice.sliceNode());
    }

    /** Keeps what {@code s} recorded, to be replayed at finish; of a finding an earlier node shares, keeps the node only. */
    public void keep(SliceRecord s) {
        boolean any = false;
        for (int p = 0; p < phases; p++) {
            List<Consumer<MergedFindings>> calls = s.calls[p];
            if (calls == null) continue;
            any = true;
            for (Consumer<MergedFindings> o : calls) {
                if (o instanceof RecordedCall c && c.forNode && c.node != null) share(c, p, s.node);
            }
        }
        if (any) slices.put(s.node, s);
    }

    /** The first call of a shared finding, in replay order, keeps its lines; the others join it. */
    private void share(RecordedCall c, int phase, String node) {
        List<Object> k = MergedFindings.nodeKey(c.code, c.severity, c.subject, c.detail);
        c.phase = phase;
        c.sliceNode = node;
        RecordedCall h = holders.get(k);
        if (h == null) {
            holders.put(k, c);
            c.group = new RecordedCall[] {c};
            return;
        }
        RecordedCall[] group = h.group;
        if (phase < h.phase || phase == h.phase && Evidence.SLICE_NODE_ORDER.compare(node, h.sliceNode) < 0) {
            holders.put(k, c);
            group[0] = c;
            c.group = group;
            h.join();
        } else {
            c.group = group;
            c.join();
        }
    }

    /**
     * Hands the findings of phases {@code from} to {@code to} (both included) of every slice to {@code out}, phase by
     * phase, each slice by slice in {@link Evidence#SLICE_NODE_ORDER}.
     */
    public void replay(int from, int to, MergedFindings out) {
        List<SliceRecord> inOrder = slices.inOrder();
        for (int phase = from; phase <= to; phase++) {
            for (SliceRecord s : inOrder) {
                List<Consumer<MergedFindings>> calls = s.calls[phase];
                if (calls != null) calls.forEach(c -> c.accept(out));
            }
        }
    }

    /** What one slice recorded, phase by phase. */
    public final class SliceRecord {
        private final String node;
        /** Per phase, the calls recorded and the steps to run at finish, in the order they came. */
        private final List<Consumer<MergedFindings>>[] calls;

        @SuppressWarnings("unchecked")
        private SliceRecord(String node) {
            this.node = node;
            this.calls = new List[phases];
        }

        /**
         * {@return a collector that records the findings of phase {@code phase}, their lines quoted now} A phase that
         * records none keeps no list.
         */
        public MergedFindings into(int phase) {
            return new MergedFindings(call -> list(phase).add(call));
        }

        /**
         * Runs {@code step} at finish, in this slice's turn of phase {@code phase}: for findings of this node that
         * need what every node showed (the fastest peer, the common MTU).
         */
        public void later(int phase, Consumer<MergedFindings> step) {
            list(phase).add(step);
        }

        private List<Consumer<MergedFindings>> list(int phase) {
            if (calls[phase] == null) calls[phase] = new ArrayList<>(2);
            return calls[phase];
        }
    }

    /** One call to a collector, its lines quoted. */
    static final class RecordedCall implements Consumer<MergedFindings> {
        final boolean forNode;
        final String node;
        final String key;
        final String code;
        final FindingSeverity severity;
        Subject subject;
        Message detail;
        List<Quote> evidence;
        String[] params;
        /** Of a shared finding: element 0 is the call that keeps the lines. */
        RecordedCall[] group;
        int phase;
        String sliceNode;

        RecordedCall(boolean forNode, String node, String key, String code, FindingSeverity severity, Subject subject,
             Message detail, Collection<Quote> evidence, String[] params) {
            this.forNode = forNode;
            this.node = node;
            this.key = key;
            this.code = code;
            this.severity = severity;
            this.subject = subject;
            this.detail = detail;
            // The lines a collector can take from this call, read now: the first Finding.MAX_EVIDENCE apart (a
            // collector takes no more of one call).
            this.evidence = MergedFindings.firstApart(evidence).stream().map(Quote::resolved).toList();
            this.params = params;
        }

        /** Keeps only the node: the finding's words and lines are those of the group's first call. */
        void join() {
            subject = null;
            detail = null;
            evidence = null;
            params = null;
        }

        @Override
        public void accept(MergedFindings out) {
            if (forNode) {
                RecordedCall h = evidence == null ? group[0] : this;
                out.addForNode(node, key, code, severity, h.subject, h.detail, evidence == null ? List.of() : evidence,
                        h.params);
            } else {
                out.add(key, code, severity, subject, detail, evidence, params);
            }
        }
    }
}

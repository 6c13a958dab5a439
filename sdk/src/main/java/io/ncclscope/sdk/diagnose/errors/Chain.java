package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.NcclResult;
import io.ncclscope.sdk.diagnose.errors.Classifier.Role;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A failure chain of one artifact while {@link FirstCauses} walks it: its first cause, the lines after it in that
 * artifact. {@link ChainFindings} drafts its finding; {@link ChainSummary} is what is kept of it once its artifact is
 * let go.
 */
final class Chain {
    final Signal root;
    final String code;
    final String key;
    final boolean weak;
    final List<Signal> followers = new ArrayList<>();
    final List<EvidenceLine> traces = new ArrayList<>();
    /** The launcher's reports of the root and its followers (other artifacts' failure reports join later). */
    final List<EvidenceLine> tail = new ArrayList<>();
    /** The launcher's {@code ChildFailedError} lines of the failed process. */
    final List<EvidenceLine> childTail = new ArrayList<>();
    boolean failed;
    /** Whether the root or its return-code trace is in bootstrap.cc: the connection to the bootstrap root. */
    boolean viaBootstrap;
    /** The results the process returned after the root, in order, each once: its trace's, its launcher's reports'. */
    final List<NcclResult> results = new ArrayList<>(1);
    /**
     * The labels of the lines of the root's own process ({@link Signal#who}): a line that names no GPU or rank, such as
     * libfabric's, has a shorter label than the root's. None of them is a process whose errors follow from the root.
     */
    final Set<String> ownWho = new LinkedHashSet<>(2);

    Chain(Signal root, String code, String key, boolean weak) {
        this.root = root;
        this.code = code;
        this.key = key;
        this.weak = weak;
        ownWho.add(root.who());
    }

    /**
     * Whether the chain gives way to a first cause in another log of the job: a process ended on a signal (a weak
     * cause) is most often one the launcher took down after another rank failed.
     */
    boolean yields() {
        return weak && Classifier.KILLED_BY_SIGNAL.equals(code);
    }

    /** Adds a result the process returned, unless it is no failure or was returned before. */
    void addResult(NcclResult r) {
        if (r != null && r != NcclResult.SUCCESS && r != NcclResult.UNKNOWN && r != NcclResult.IN_PROGRESS && !results.contains(r)) {
            results.add(r);
        }
    }

    /** Whether a follower completes the root's message (another WARN of the same cause), not a new instance of it. */
    boolean completesRoot(Signal f) {
        return code.equals(f.verdict.code()) && f.verdict.role() == Role.ROOT && f.kind != root.kind;
    }

    /** {@return how many times the root's kind of line was printed: the root's count and its followers' of that kind} */
    long count() {
        long n = root.count;
        for (Signal f : followers) {
            if (f.kind == root.kind) n += f.count;
        }
        return n;
    }
}

package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.NcclResult;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;

/**
 * One error line that may explain a failure: an NCCL WARN line, a telling INFO line, or the {@code Last error} text of
 * a launcher report whose WARN line is not in the log. Immutable apart from the verdict-independent facts filled by
 * the walk ({@link #busId}, {@link #hca}...).
 */
final class Signal {

    /** Where the line came from. */
    enum Origin {
        /** An NCCL line of an nccl-log. */
        NCCL,
        /** A launcher's (PyTorch, torchrun) report. */
        LAUNCHER,
        /** An NCCL WARN line interleaved with nccl-tests output. */
        TESTS
    }

    final Artifact artifact;
    /** The artifact's place in the analysis; set again when a pass merges per-artifact walks ({@link Walk#absorb}). */
    int order;
    final int line;
    final String host;
    final Long pid;
    final Long tid;
    final Integer cudaDev;
    Integer rank;
    final String source;
    final String text;
    final EventKind kind;
    final Integer status;
    final NcclResult result;
    final String peer;
    final long count;
    final Origin origin;
    final String fallback;
    final Classifier.Verdict verdict;
    final String normText;

    // Facts joined from the parser's other records.
    String busId;
    String busIdRaw;
    Integer otherRank;
    String hca;
    Integer peerPort;
    String direction;
    Integer vendorError;

    Signal(Artifact artifact, int order, int line, String host, Long pid, Long tid, Integer cudaDev, Integer rank,
           String source, String text, EventKind kind, Integer status, NcclResult result, String peer, long count,
           Origin origin, String fallback, Classifier.Verdict verdict) {
        this.artifact = artifact;
        this.order = order;
        this.line = line;
        this.host = host;
        this.pid = pid;
        this.tid = tid;
        this.cudaDev = cudaDev;
        this.rank = rank;
        this.source = source;
        this.text = text;
        this.kind = kind;
        this.status = status;
        this.result = result;
        this.peer = peer;
        this.count = count;
        this.origin = origin;
        this.fallback = fallback;
        this.verdict = verdict;
        this.normText = text == null ? null : Walk.norm(text);
    }

    /** The process this line belongs to, for grouping a failure chain: host and pid, else the rank, else the line. */
    String processKey() {
        if (pid != null) return order + "|" + host + "|" + pid;
        if (rank != null) return order + "|rank|" + rank;
        return order + "|line|" + line;
    }

    /** The line as evidence. */
    EvidenceLine quote() {
        return artifact.quote(line, fallback);
    }

    /** A language-neutral label in NCCL's own prefix style: {@code host:pid [dev] rank 3}; {@code NCCL} when nothing is known. */
    String who() {
        StringBuilder sb = new StringBuilder();
        if (host != null) sb.append(host);
        if (pid != null) sb.append(sb.length() > 0 ? ":" : "pid ").append(pid);
        if (cudaDev != null) sb.append(sb.length() > 0 ? " " : "").append('[').append(cudaDev).append(']');
        if (rank != null) sb.append(sb.length() > 0 ? " " : "").append("rank ").append(rank);
        return sb.length() == 0 ? "NCCL" : sb.toString();
    }

    /** Orders signals by artifact, then line. */
    static int compare(Signal a, Signal b) {
        return a.order != b.order ? Integer.compare(a.order, b.order) : Integer.compare(a.line, b.line);
    }
}

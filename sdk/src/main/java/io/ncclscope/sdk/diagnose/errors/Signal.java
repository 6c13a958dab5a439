package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.DuplicateGpu;
import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.IbCompletionError;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.parsers.nccl.NcclResult;
import io.ncclscope.parsers.nccl.WarnMessageFacts;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.Map;
import java.util.Objects;

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
    Integer vendorError;

    Signal(Artifact artifact, int line, String host, Long pid, Long tid, Integer cudaDev, Integer rank,
           String source, String text, EventKind kind, Integer status, NcclResult result, String peer, long count,
           Origin origin, String fallback, Classifier.Verdict verdict) {
        this.artifact = artifact;
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
        this.normText = WarnMessageFacts.singleSpaced(text);
    }

    /** {@return an NCCL line as a signal} {@code rank} is its rank, which the line itself may not name. */
    static Signal of(Artifact a, NcclEvent e, Integer rank, Origin origin, Classifier.Verdict v) {
        return new Signal(a, e.line(), e.host(), e.pid(), e.tid(), e.cudaDev(), rank, e.source(), e.message(), e.kind(),
                e.code(), e.result(), e.peer(), e.count(), origin, e.asPrinted(), v);
    }

    /** The process this line belongs to, for grouping a failure chain: host and pid, else the rank, else the line. */
    String processKey() {
        if (pid != null) return FirstCauses.process(host, pid);
        if (rank != null) return "rank|" + rank;
        return "line|" + line;
    }

    /** {@return the line, quoted now: a finding may show it once the artifact is let go} */
    EvidenceLine quote() {
        return artifact.quote(line, fallback);
    }

    /** A language-neutral label in NCCL's own prefix style: {@code host:pid [dev] rank 3}; {@code NCCL} when nothing is known. */
    String who() {
        return who(host, pid, cudaDev, rank);
    }

    /** {@return the label of a line of {@code host}'s process {@code pid} on {@code cudaDev}, of {@code rank}} ({@link #who()}) */
    static String who(String host, Long pid, Integer cudaDev, Integer rank) {
        StringBuilder sb = new StringBuilder();
        if (host != null) sb.append(host);
        if (pid != null) sb.append(sb.length() > 0 ? ":" : "pid ").append(pid);
        if (cudaDev != null) sb.append(sb.length() > 0 ? " " : "").append('[').append(cudaDev).append(']');
        if (rank != null) sb.append(sb.length() > 0 ? " " : "").append("rank ").append(rank);
        return sb.length() == 0 ? "NCCL" : sb.toString();
    }

    /** Orders the signals of one artifact by line. */
    static int compare(Signal a, Signal b) {
        return Integer.compare(a.line, b.line);
    }

    static IbCompletionError ibFor(NcclLog log, Map<Integer, IbCompletionError> byLine, Signal s) {
        if (s.kind != EventKind.IB_COMPLETION_ERROR) return null;
        IbCompletionError e = byLine.get(s.line);
        if (e != null) return e;
        for (IbCompletionError c : log.ibCompletionErrors()) {
            if (Objects.equals(c.host(), s.host) && Objects.equals(c.peer(), s.peer) && Objects.equals(c.status(), s.status)) {
                return c;
            }
        }
        return null;
    }

    static void enrich(Signal s, LogIndex logIndex, DuplicateGpu d, IbCompletionError ib) {
        NcclRank r = logIndex.rankRecord(s.host, s.pid);
        if (r != null) {
            s.busId = r.busId();
            s.busIdRaw = r.busIdRaw();
        }
        if (d != null) {
            if (d.busId() != null) s.busId = d.busId();
            if (d.busIdRaw() != null) s.busIdRaw = d.busIdRaw();
            if (s.rank == null) s.rank = d.rank();
            s.otherRank = d.otherRank();
        }
        if (ib != null) {
            s.hca = ib.hca();
            s.peerPort = ib.peerPort();
            s.vendorError = ib.vendorError();
        }
        if (s.hca == null) s.hca = WarnMessageFacts.rdmaDevice(s.text);
        if (s.hca == null && (s.kind == EventKind.IB_COMPLETION_ERROR || s.kind == EventKind.IB_SETUP_FAILED)) {
            s.hca = logIndex.singleHca(s.host);
        }
    }
}

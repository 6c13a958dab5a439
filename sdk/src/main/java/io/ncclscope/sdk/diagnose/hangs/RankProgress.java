package io.ncclscope.sdk.diagnose.hangs;

import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.TreeMap;

/**
 * What the traces of one rank in one process group say about a hang, folded from its watchdog lines, dump-signal
 * lines and Flight Recorder dump: the collective it timed out in, how far it enqueued and completed, and the
 * fingerprints of its last collectives. Small: a few numbers, quoted lines and at most {@link #FINGERPRINTS}
 * fingerprints.
 */
final class RankProgress {

    /** Most collectives whose fingerprint is kept per rank (the last ones). */
    static final int FINGERPRINTS = 32;

    final int rank;
    /** The lowest sequence number this rank's watchdog timed out in; null when none fired. */
    Long timedOut;
    String timedOutOp;
    EvidenceLine timedOutLine;
    /** The last collective this rank enqueued, and completed; null when not printed. */
    Long lastEnqueued;
    Long lastCompleted;
    EvidenceLine progressLine;
    /** The first collective the Flight Recorder saw this rank enqueue and not complete; null when none. */
    Long firstIncomplete;
    String firstIncompleteState;
    EvidenceLine firstIncompleteLine;
    /** Sequence number to {@code profiling_name sizes dtypes}, the last {@link #FINGERPRINTS} collectives. */
    final TreeMap<Long, String> fingerprints = new TreeMap<>();
    final TreeMap<Long, EvidenceLine> fingerprintLines = new TreeMap<>();
    /** True when this rank's Flight Recorder marks work completed (NCCL does; gloo leaves every entry scheduled). */
    boolean statesRecorded;
    /** How many ranks the group has by this rank's Flight Recorder dump ({@code pg_config}); null when not dumped. */
    Integer dumpedSize;
    /** The first collective this rank recorded that breaks its operation's own rules ({@link OwnRules}); null when none. */
    Long brokenSeq;
    OwnRules.Broken broken;
    String brokenPrint;
    EvidenceLine brokenLine;

    RankProgress(int rank) {
        this.rank = rank;
    }

    void timedOut(long seq, String op, EvidenceLine line) {
        if (timedOut == null || seq < timedOut || seq == timedOut && before(line, timedOutLine)) {
            timedOut = seq;
            timedOutOp = op;
            timedOutLine = line;
        }
    }

    /** Keeps the least progress any trace of this rank reports (the state closest to the hang). */
    void progress(Long enqueued, Long completed, EvidenceLine line) {
        if (enqueued == null) return;
        if (lastEnqueued == null || enqueued > lastEnqueued || enqueued.equals(lastEnqueued) && before(line, progressLine)) {
            lastEnqueued = enqueued;
            lastCompleted = completed;
            progressLine = line;
        }
    }

    void incomplete(long seq, String state, EvidenceLine line) {
        if (firstIncomplete == null || seq < firstIncomplete) {
            firstIncomplete = seq;
            firstIncompleteState = state;
            firstIncompleteLine = line;
        }
    }

    void broken(long seq, OwnRules.Broken rule, String print, EvidenceLine line) {
        if (brokenSeq == null || seq < brokenSeq) {
            brokenSeq = seq;
            broken = rule;
            brokenPrint = print;
            brokenLine = line;
        }
    }

    void fingerprint(long seq, String print, EvidenceLine line) {
        fingerprints.put(seq, print);
        fingerprintLines.put(seq, line);
        while (fingerprints.size() > FINGERPRINTS) {
            fingerprintLines.remove(fingerprints.firstKey());
            fingerprints.pollFirstEntry();
        }
    }

    /**
     * {@return whether this rank's traces say it completed collective {@code seq}: its watchdog or dump status counts it
     * completed, or its recorder marks states and holds no unfinished collective at or before it}
     *
     * @param seq a collective this rank entered
     */
    boolean completed(long seq) {
        if (lastCompleted != null && lastCompleted >= seq) return true;
        return statesRecorded && (firstIncomplete == null || firstIncomplete > seq);
    }

    /** {@return the last collective this rank is known to have enqueued, from any of its traces; null when unknown} */
    Long entered() {
        Long fr = fingerprints.isEmpty() ? null : fingerprints.lastKey();
        if (lastEnqueued == null) return fr;
        return fr == null ? lastEnqueued : Math.max(lastEnqueued, fr);
    }

    private static boolean before(EvidenceLine a, EvidenceLine b) {
        if (b == null) return true;
        if (a == null) return false;
        int c = a.artifact().compareTo(b.artifact());
        return c < 0 || c == 0 && a.line() < b.line();
    }
}

package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.LineRegions.SEED;
import static io.ncclscope.parsers.nccl.LineRegions.cut;
import static io.ncclscope.parsers.nccl.LineRegions.mix;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_WARNINGS;

import io.ncclscope.parsers.nccl.LimitNotices.CappedList;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code NCCL WARN} lines: kept once per distinct line (host, pid, source and message) and counted, each also an
 * event of the kind its message says, with the duplicate GPU or IB completion error it reports; and the plain line
 * that continues a WARN message ending in {@code :}.
 */
final class WarnLines {

    /** Most distinct WARN lines remembered (kept or shadowed) for cheap repeat counting. */
    private static final int MAX_WARN_KEYS = 1 << 15;

    private final NcclLinePrefix prefix;
    private final HostsAndProcesses hostsAndProcesses;
    private final EventTable events;
    private final DuplicateGpuLines duplicates;
    private final IbCompletionLines ibErrors;
    private final LimitNotices limits;
    private final List<WarningEntry> warns = new ArrayList<>();
    /** Kept warnings and, past the cap, text-less shadows of further distinct WARN lines. */
    private final List<WarningEntry> warnAll = new ArrayList<>();
    private final LongIntMap warnIndex = new LongIntMap(16);
    private long warningsDropped;
    private WarningEntry contWarning;
    private EventEntry contEvent;
    private boolean contPending;

    WarnLines(NcclLinePrefix prefix, HostsAndProcesses hostsAndProcesses, EventTable events, DuplicateGpuLines duplicates,
            IbCompletionLines ibErrors, LimitNotices limits) {
        this.prefix = prefix;
        this.hostsAndProcesses = hostsAndProcesses;
        this.events = events;
        this.duplicates = duplicates;
        this.ibErrors = ibErrors;
        this.limits = limits;
    }

    void onWarn(String line, int no) {
        int n = LineRegions.withoutRepeatedCell(line);
        int m = prefix.msgStart;
        long key = SEED;
        if (prefix.hostStart >= 0) key = mix(key, line, prefix.hostStart, prefix.hostEnd);
        key = mix(key, prefix.pid);
        if (prefix.srcStart >= 0) key = mix(key, line, prefix.srcStart, prefix.srcEnd);
        key = mix(key, line, m, n);
        int wi = warnIndex.get(key);
        if (wi >= 0) {
            // A repeated WARN line: count it everywhere it was counted the first time, without reading it again.
            WarningEntry w = warnAll.get(wi);
            if (w.text != null) w.count++;
            else warningsDropped++;
            events.countKind(w.kind);
            if (w.event != null) w.event.count++;
            if (w.ib != null) w.ib.count++;
            if (w.dup != null) w.dup.count++;
            contPending = false;
            return;
        }
        String host = hostsAndProcesses.host(line);
        String text = null;
        WarningEntry wNew = null;
        if (warns.size() < MAX_WARNINGS) {
            text = cut(line.substring(Math.min(m, n), n).trim());
            wNew = new WarningEntry();
            wNew.line = no;
            wNew.text = text;
            wNew.host = host;
            wNew.source = prefix.srcStart >= 0 ? line.substring(prefix.srcStart, prefix.srcEnd) : null;
            wNew.count = 1;
            warns.add(wNew);
            warnIndex.put(key, warnAll.size());
            warnAll.add(wNew);
        } else {
            warningsDropped++;
            limits.reached(CappedList.WARNINGS, no, "more than " + MAX_WARNINGS + " distinct WARN lines: the rest are counted");
            if (warnAll.size() < MAX_WARN_KEYS) {
                // Remember the line (not its text) so that its repeats are counted without being read again.
                wNew = new WarningEntry();
                warnIndex.put(key, warnAll.size());
                warnAll.add(wNew);
            }
        }
        EventKind kind = MessageKinds.classify(line, m);
        EventEntry e = events.eventSlot(key ^ 0x3c6ef372L, kind, no);
        if (e != null) {
            if (text == null) text = cut(line.substring(Math.min(m, n), n).trim());
            e.level = NcclLevel.WARN;
            e.source = prefix.srcStart >= 0 ? line.substring(prefix.srcStart, prefix.srcEnd) : null;
            e.function = prefix.funcStart >= 0 ? line.substring(prefix.funcStart, prefix.funcEnd) : null;
            e.message = text;
            e.peer = EventTable.peer(line, m);
        }
        DuplicateGpuEntry dup = null;
        IbCompletionEntry ib = null;
        if (kind == EventKind.DUPLICATE_GPU) {
            dup = duplicates.duplicate(line, m, host, no);
        } else if (kind == EventKind.IB_COMPLETION_ERROR) {
            ib = ibErrors.ibCompletion(line.substring(m), host, prefix.pid >= 0 ? prefix.pid : null, prefix.cudaDev >= 0 ? prefix.cudaDev : null, no);
            if (e != null && ib != null) e.code = ib.status;
        }
        if (wNew != null) {
            wNew.kind = kind;
            wNew.event = e;
            wNew.ib = ib;
            wNew.dup = dup;
        }
        // NCCL splits a few messages over two lines ("message truncated :\nreceiving N bytes instead of M",
        // corpus nccl-logs/nccl-626-1.txt): join the next plain line.
        contWarning = wNew != null && wNew.text != null ? wNew : null;
        contEvent = e;
        contPending = (contWarning != null || e != null) && line.charAt(n - 1) == ':';
    }

    /** A line that is not an NCCL line ends any continuation. */
    void endContinuation() {
        contPending = false;
    }

    /**
     * Joins {@code line} to the WARN message before it when that one ended in {@code :} (NCCL splits a few messages over
     * two lines); true when the line was consumed so.
     */
    /** {@return true when the next line may continue the last WARN message ({@link #continues} then reads it)} */
    boolean continuationPending() {
        return contPending;
    }

    boolean continues(String line) {
        if (!contPending) return false;
        contPending = false;
        if (line.length() > 0 && !line.isBlank()) {
            String t = cut(line.trim());
            if (contWarning != null) contWarning.text = cut(contWarning.text + " " + t);
            if (contEvent != null) contEvent.message = cut(contEvent.message + " " + t);
            return true;
        }
        return false;
    }

    List<NcclWarning> warnings() {
        List<NcclWarning> ws = new ArrayList<>(warns.size());
        for (WarningEntry w : warns) ws.add(new NcclWarning(w.line, w.text, w.host, w.source, w.count));
        return ws;
    }

    long warningsDropped() {
        return warningsDropped;
    }
}

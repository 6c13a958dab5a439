package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.internal.Digits.isDigit;
import static io.ncclscope.parsers.nccl.LineRegions.cut;
import static io.ncclscope.parsers.nccl.LineRegions.isSourceToken;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_EVENTS;

import io.ncclscope.parsers.internal.Digits;
import io.ncclscope.parsers.nccl.LimitNotices.CappedList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The events of a log, one per distinct fact and counted: WARN lines by what they say, INFO lines that matter
 * ({@code Connection closed}, {@code GPU Direct RDMA Disabled}...) and return-code lines ({@code init.cc:1350 -> 2}),
 * with the count of every {@link EventKind} past the cap.
 */
final class EventTable {

    /** What a return code's line key is xored with to make its event's key. */
    private static final long RETURN_CODE_KEY = 0x1234567L;
    /** What an INFO event's line key is xored with to make its event's key. */
    private static final long INFO_EVENT_KEY = 0x77L;

    private final NcclLinePrefix prefix;
    private final HostsAndProcesses hostsAndProcesses;
    private final LimitNotices limits;
    private final List<EventEntry> events = new ArrayList<>();
    private final LongIntMap eventIndex = new LongIntMap(32);
    private long eventsDropped;
    private final long[] kindCounts = new long[EventKind.values().length];

    EventTable(NcclLinePrefix prefix, HostsAndProcesses hostsAndProcesses, LimitNotices limits) {
        this.prefix = prefix;
        this.hostsAndProcesses = hostsAndProcesses;
        this.limits = limits;
    }

    /** {@code init.cc:1350 -> 2}, {@code misc/socket.cc:504 -> 2 (Operation now in progress)}, {@code group.cc:65 -> 3 [Async thread]}. */
    void tryReturnCode(String line, int no, int m) {
        int n = line.length();
        int sp = line.indexOf(' ', m);
        if (sp < 0 || sp + 3 >= n || line.charAt(sp + 1) != '-' || line.charAt(sp + 2) != '>') return;
        if (!isSourceToken(line, m, sp)) return;
        int cs = sp + 3;
        while (cs < n && line.charAt(cs) == ' ') cs++;
        int ce = cs;
        while (ce < n && ce - cs < 9 && isDigit(line.charAt(ce))) ce++;
        if (ce == cs) return;
        long key = hostsAndProcesses.lineKey(line) ^ RETURN_CODE_KEY;
        EventEntry e = eventSlot(key, EventKind.RETURN_CODE, no);
        if (e == null) return;
        e.level = NcclLevel.INFO;
        e.source = line.substring(m, sp);
        e.code = (int) Digits.value(line, cs, ce);
        e.result = NcclResult.fromCode(e.code);
        String rest = line.substring(ce).trim();
        e.message = rest.isEmpty() ? null : cut(rest);
    }

    /**
     * {@return true, with the return code counted as {@link #tryReturnCode} counts it, when a line of {@code process}
     * whose message has {@code messageHash} is a return code whose event is kept, or when the list is full; false (and
     * nothing counted) when not}
     *
     * @param process     the line's process
     * @param messageHash its message's {@link LineRegions#messageHash}
     */
    boolean countKeptReturnCode(ProcessEntry process, long messageHash) {
        return countKept(HostsAndProcesses.lineKey(process, messageHash) ^ RETURN_CODE_KEY, EventKind.RETURN_CODE);
    }

    /**
     * {@return true, with the line counted as {@link #infoEvent} counts it, when the event of {@code kind} of a line of
     * {@code process} whose message has {@code messageHash} is kept, or when the list is full; false (and nothing
     * counted) when not}
     *
     * @param process     the line's process
     * @param messageHash its message's {@link LineRegions#messageHash}
     * @param kind        the event's kind
     */
    boolean countKeptInfoEvent(ProcessEntry process, long messageHash, EventKind kind) {
        return countKept(HostsAndProcesses.lineKey(process, messageHash) ^ INFO_EVENT_KEY, kind);
    }

    /**
     * {@link #eventSlot} of an event that is kept, or of any once the list is full and that was announced (then it is
     * counted as dropped); false when a new event would be kept or the cap announced.
     */
    private boolean countKept(long key, EventKind kind) {
        int idx = eventIndex.get(key);
        if (idx < 0) {
            if (!limits.announced(CappedList.EVENTS) || events.size() < MAX_EVENTS) return false;
            kindCounts[kind.ordinal()]++;
            eventsDropped++;
            return true;
        }
        kindCounts[kind.ordinal()]++;
        events.get(idx).count++;
        return true;
    }

    void infoEvent(String line, int no, EventKind kind) {
        EventEntry e = eventSlot(hostsAndProcesses.lineKey(line) ^ INFO_EVENT_KEY, kind, no);
        if (e == null) return;
        e.level = NcclLevel.INFO;
        e.message = cut(line.substring(prefix.msgStart).trim());
        e.peer = peer(line, prefix.msgStart);
    }

    /** The event to fill for a new fact, or null when the fact repeats (counted) or the cap is reached. */
    EventEntry eventSlot(long key, EventKind kind, int no) {
        kindCounts[kind.ordinal()]++;
        int idx = eventIndex.get(key);
        if (idx >= 0) {
            events.get(idx).count++;
            return null;
        }
        if (events.size() >= MAX_EVENTS) {
            eventsDropped++;
            limits.reached(CappedList.EVENTS, no, "more than " + MAX_EVENTS + " distinct events: the rest are counted by kind");
            return null;
        }
        EventEntry e = new EventEntry();
        e.line = no;
        e.kind = kind;
        e.count = 1;
        e.host = prefix.process != null ? prefix.process.host : null;
        if (e.host == null && prefix.hostStart >= 0) e.host = hostsAndProcesses.hostOf(hostsAndProcesses.currentLine);
        e.pid = prefix.pid >= 0 ? prefix.pid : null;
        e.tid = prefix.tid >= 0 ? prefix.tid : null;
        e.cudaDev = prefix.cudaDev >= 0 ? prefix.cudaDev : null;
        events.add(e);
        eventIndex.put(key, events.size() - 1);
        return e;
    }

    /** Counts one more line of {@code kind} (a repeated WARN line, whose event is counted by its {@link WarningEntry}). */
    void countKind(EventKind kind) {
        kindCounts[kind.ordinal()]++;
    }

    /** The remote address or host a connection or completion message names. */
    static String peer(String s, int from) {
        int i;
        if ((i = s.indexOf("from peer ", from)) >= 0) i += 10;
        else if ((i = s.indexOf("Connect to ", from)) >= 0) i += 11;
        else if ((i = s.indexOf("remote peer ", from)) >= 0) i += 12;
        else if ((i = s.indexOf("recv from ", from)) >= 0) i += 10;
        else if ((i = s.indexOf("send to ", from)) >= 0) i += 8;
        else if ((i = s.indexOf(" peer ", from)) >= 0) i += 6;
        else return null;
        int n = s.length();
        int e = i;
        while (e < n && e - i < 128) {
            char c = s.charAt(e);
            if (c == '<' || c == ' ' || c == ',') break;
            e++;
        }
        return e > i ? s.substring(i, e) : null;
    }

    /** The events as records, each with the rank of its process ({@code rankOfProcess}, keyed {@code host|pid}). */
    List<NcclEvent> events(Map<String, int[]> rankOfProcess) {
        List<NcclEvent> evs = new ArrayList<>(events.size());
        for (EventEntry e : events) {
            Integer rank = null;
            if (e.host != null && e.pid != null) {
                int[] r = rankOfProcess.get(e.host + "|" + e.pid);
                if (r != null) rank = r[0];
            }
            evs.add(new NcclEvent(e.line, e.host, e.pid, e.tid, e.cudaDev, rank, e.level, e.source, e.function, e.message,
                    e.kind, e.code, e.result, e.peer, e.count));
        }
        return evs;
    }

    /** Lines per kind (name), for the kinds seen. */
    Map<String, Long> kindCounts() {
        Map<String, Long> kc = new LinkedHashMap<>();
        for (EventKind k : EventKind.values()) {
            if (kindCounts[k.ordinal()] > 0) kc.put(k.name(), kindCounts[k.ordinal()]);
        }
        return kc;
    }

    long eventsDropped() {
        return eventsDropped;
    }
}

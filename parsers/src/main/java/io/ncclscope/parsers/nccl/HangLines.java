package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.LauncherPrefix;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PyTorch's lines about where the ranks of a hang stood ({@link HangReport}): gloo's {@code monitoredBarrier}
 * (ProcessGroupGloo.cpp), {@code ProcessGroupWrapper}'s collective fingerprint mismatch, ProcessGroupNCCL's dump signal
 * and heartbeat monitor lines, gloo's lost connections and timeouts ({@code tcp/pair.cc}, {@code unbound_buffer.cc}).
 * A line printed twice by one rank (the log line, then the exception's message) is kept
 * once.
 */
final class HangLines {

    /** Most reports kept. */
    static final int MAX = 10_000;

    private static final Pattern FAILED_BARRIER = Pattern.compile(
            "Ranks? ((?:\\d+(?:, ?)?)+) failed to pass monitoredBarrier in (\\d+) ms");
    private static final Pattern REACHED_BARRIER = Pattern.compile(
            "Rank (\\d+) successfully reached monitoredBarrier, but received errors while waiting for (?:send/recv )?from rank (\\d+)");
    private static final Pattern MISMATCH_SIDE = Pattern.compile("Rank (\\d+) is running (?:inconsistent )?collective: ");
    private static final Pattern DUMP = Pattern.compile(
            "Received a dump signal (?:due to a collective timeout )?from (this local rank|\\s*rank (\\d+))"
            + "(?:.*?Last enqueued \\w+ work: (-?\\d+), last completed \\w+ work: (-?\\d+))?");
    /**
     * gloo's {@code tcp/pair.cc}: the peer closed or reset the connection; its address in brackets, then an optional
     * port and {@code $seq} (address.cc). {@code Read error} and {@code writev} only with the errno texts of a closed
     * peer: {@code No route to host} or {@code Connection timed out} would be the network.
     */
    private static final Pattern PEER_LOST = Pattern.compile(
            "(?:Connection closed by peer|Socket (?:unexpectedly )?closed|Remote socket closed during sync read) \\[([^\\]\\s]{1,80})\\]"
            + "|(?:Read error|writev) \\[([^\\]\\s]{1,80})\\](?::\\d{1,5})?(?:\\$-?\\d{1,19})?: (?:Connection reset by peer|Broken pipe)");
    /** gloo's {@code unbound_buffer.cc} and {@code buffer.cc}/{@code pair.cc} timeouts. */
    private static final Pattern GLOO_TIMEOUT = Pattern.compile(
            "Timed out waiting (\\d{1,12})ms for (?:send|recv) operation to complete|(?:Read|Write) timeout \\[([^\\]\\s]{1,80})\\]");
    private static final Pattern PREFIX_RANK = Pattern.compile("\\[(?:PG (?:ID )?(\\S+?)(?: PG GUID (\\S+?))? )?Rank (\\d+)\\]");

    private final LauncherPrefix launcherPrefix;
    private final List<HangReport> reports = new ArrayList<>();
    private final java.util.Set<String> seen = new java.util.HashSet<>();
    private long dropped;
    /** The peer address of the line being read (a lost or timed-out gloo connection); else null. */
    private String peer;

    HangLines(LauncherPrefix launcherPrefix) {
        this.launcherPrefix = launcherPrefix;
    }

    private static final LineBigrams.Word MONITORED_BARRIER = new LineBigrams.Word("monitoredBarrier");
    private static final LineBigrams.Word MISMATCH = new LineBigrams.Word("Detected mismatch between collectives");
    private static final LineBigrams.Word DUMP_SIGNAL = new LineBigrams.Word("Received a dump signal");
    private static final LineBigrams.Word HEARTBEAT = new LineBigrams.Word("Heartbeat monitor timed out");
    private static final LineBigrams.Word BRACKET = new LineBigrams.Word(" [");
    private static final LineBigrams.Word CLOSED = new LineBigrams.Word("closed");
    private static final LineBigrams.Word BY_PEER = new LineBigrams.Word("by peer");
    private static final LineBigrams.Word BROKEN_PIPE = new LineBigrams.Word("Broken pipe");
    private static final LineBigrams.Word TIMEOUT_BRACKET = new LineBigrams.Word(" timeout [");
    private static final LineBigrams.Word TIMED_OUT_WAITING = new LineBigrams.Word("Timed out waiting ");
    private static final LineBigrams.Word TERMINATE = new LineBigrams.Word("terminate called after throwing");
    private static final LineBigrams.Word ENFORCE = new LineBigrams.Word("enforce fail at ");
    /** A line that {@link #mentions} a message holds one of these (keep them in step). */
    static final LineBigrams.Word[] WORDS = {MONITORED_BARRIER, MISMATCH, DUMP_SIGNAL, HEARTBEAT, CLOSED, BY_PEER, BROKEN_PIPE,
        TIMEOUT_BRACKET, TIMED_OUT_WAITING, TERMINATE, ENFORCE};
    /** Every word {@link #mentions} looks for: {@link #WORDS} and the one it asks with them. */
    static final LineBigrams.Word[] SEARCHED_WORDS = {MONITORED_BARRIER, MISMATCH, DUMP_SIGNAL, HEARTBEAT, BRACKET, CLOSED, BY_PEER,
        BROKEN_PIPE, TIMEOUT_BRACKET, TIMED_OUT_WAITING, TERMINATE, ENFORCE};

    /**
     * Cheap test before the patterns: the line names one of the messages. Each word is looked for through
     * {@code bigrams}, which has read the line: most lines cannot hold any, and are passed over without a search.
     */
    static boolean mentions(LineBigrams bigrams, String line, int s) {
        return bigrams.indexOf(line, MONITORED_BARRIER, s) >= 0 || bigrams.indexOf(line, MISMATCH, s) >= 0
                || bigrams.indexOf(line, DUMP_SIGNAL, s) >= 0 || bigrams.indexOf(line, HEARTBEAT, s) >= 0
                || bigrams.indexOf(line, BRACKET, s) >= 0 && (bigrams.indexOf(line, CLOSED, s) >= 0
                        || bigrams.indexOf(line, BY_PEER, s) >= 0 || bigrams.indexOf(line, BROKEN_PIPE, s) >= 0
                        || bigrams.indexOf(line, TIMEOUT_BRACKET, s) >= 0)
                || bigrams.indexOf(line, TIMED_OUT_WAITING, s) >= 0 || bigrams.indexOf(line, TERMINATE, s) >= 0
                || bigrams.indexOf(line, ENFORCE, s) >= 0;
    }

    void on(String line, int no, int s) {
        try {
            read(line, no, s);
        } catch (NumberFormatException e) {
            // A "rank" too long to be one: not a report.
        }
    }

    private void read(String line, int no, int s) {
        Matcher m;
        peer = null;
        if (reports.size() >= MAX) {
            dropped++;
            return;
        }
        Integer prefixRank = launcherPrefix.rank >= 0 ? launcherPrefix.rank : null;
        String group = null;
        // Each pattern is tried only where the line holds a text it cannot match without: a regex's find() is costly.
        Matcher p;
        if (line.indexOf("Rank ", s) >= 0 && (p = PREFIX_RANK.matcher(line)).find(s)) {
            prefixRank = Integer.valueOf(p.group(3));
            group = p.group(2) != null ? p.group(2) : p.group(1);
        }
        boolean barrier = line.indexOf("monitoredBarrier", s) >= 0;
        if (barrier && (m = FAILED_BARRIER.matcher(line)).find(s)) {
            List<Integer> ranks = new ArrayList<>();
            for (String r : m.group(1).split(",")) {
                if (!r.isBlank() && ranks.size() < 4096) ranks.add(Integer.valueOf(r.trim()));
            }
            add(no, HangReportKind.MONITORED_BARRIER_FAILED, prefixRank, group, ranks, null, null, number(m.group(2)),
                    null, null, line, s);
        } else if (barrier && (m = REACHED_BARRIER.matcher(line)).find(s)) {
            add(no, HangReportKind.MONITORED_BARRIER_REACHED, Integer.valueOf(m.group(1)), group,
                    List.of(Integer.valueOf(m.group(2))), null, null, null, null, null, line, s);
        } else if (line.indexOf("Detected mismatch between collectives", s) >= 0
                && (m = MISMATCH_SIDE.matcher(line)).find(s)) {
            int mineRank = Integer.parseInt(m.group(1));
            String mine = fingerprint(line.substring(m.end()));
            if (!m.find(m.end() + mine.length())) return;
            add(no, HangReportKind.COLLECTIVE_MISMATCH, mineRank, group, List.of(Integer.valueOf(m.group(1))), null,
                    null, null, LineRegions.cut(mine), LineRegions.cut(fingerprint(line.substring(m.end()))), line, s);
        } else if (line.indexOf("Received a dump signal ", s) >= 0 && (m = DUMP.matcher(line)).find(s)) {
            List<Integer> from = m.group(2) != null ? List.of(Integer.valueOf(m.group(2))) : List.of();
            add(no, HangReportKind.DUMP_SIGNAL, prefixRank, group, from, number(m.group(3)), number(m.group(4)), null,
                    null, null, line, s);
        } else if (line.indexOf("Heartbeat monitor timed out", s) >= 0) {
            add(no, HangReportKind.HEARTBEAT_TIMEOUT, prefixRank, group, List.of(), null, null, null, null, null, line, s);
        } else if (mayBePeerLost(line, s) && (m = PEER_LOST.matcher(line)).find(s)) {
            peer = m.group(1) != null ? m.group(1) : m.group(2);
            add(no, HangReportKind.PEER_CONNECTION_LOST, prefixRank, group, List.of(), null, null, null, null, null, line, s);
        } else if (line.indexOf("terminate called after throwing an instance of", s) >= 0
                || line.indexOf("[enforce fail at ", s) >= 0) {
            add(no, HangReportKind.PROCESS_ABORTED, prefixRank, group, List.of(), null, null, null, null, null, line, s);
        } else if ((line.indexOf("Timed out waiting ", s) >= 0 || line.indexOf(" timeout [", s) >= 0)
                && (m = GLOO_TIMEOUT.matcher(line)).find(s)) {
            peer = m.group(2);
            add(no, HangReportKind.PEER_TIMEOUT, prefixRank, group, List.of(), null, null, number(m.group(1)), null, null,
                    line, s);
        }
    }

    /**
     * False when {@link #PEER_LOST} cannot match from {@code s}: each of its forms holds {@code " ["} and
     * {@code closed}, {@code by peer} or {@code Broken pipe}.
     */
    private static boolean mayBePeerLost(String line, int s) {
        return line.indexOf(" [", s) >= 0 && (line.indexOf("closed", s) >= 0 || line.indexOf("by peer", s) >= 0
                || line.indexOf("Broken pipe", s) >= 0);
    }

    /** The fingerprint up to its closing parenthesis (the line goes on with {@code ), ...} or ends). */
    private static String fingerprint(String rest) {
        int depth = 0;
        for (int i = 0; i < rest.length(); i++) {
            char c = rest.charAt(i);
            if (c == '(') depth++;
            else if (c == ')' && --depth == 0) return rest.substring(0, i + 1);
        }
        return rest;
    }

    private static Long number(String s) {
        if (s == null) return null;
        try {
            return Long.valueOf(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private void add(int no, HangReportKind kind, Integer rank, String group, List<Integer> ranks, Long enq, Long done,
                     Long timeout, String mine, String other, String line, int s) {
        String key = kind + "|" + rank + "|" + ranks + "|" + enq + "|" + mine + "|" + other + "|" + peer;
        if (!seen.add(key)) return;
        if (reports.size() >= MAX) {
            dropped++;
            return;
        }
        reports.add(new HangReport(no, kind, rank, group, ranks, enq, done, timeout, mine, other,
                LineRegions.cut(line.substring(s).trim()), peer));
    }

    List<HangReport> reports() {
        return List.copyOf(reports);
    }

    long dropped() {
        return dropped;
    }
}

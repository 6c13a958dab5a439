package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.LauncherError;
import io.ncclscope.parsers.nccl.LauncherErrorKind;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.errors.FirstCauses.WatchdogReport;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * PyTorch watchdog timeouts, one finding per log, when no NCCL error explains them (otherwise they are consequences
 * in that error's chain). Compares the ranks' SeqNums: one SeqNum on every reporting rank is a collective hang, several
 * are ranks out of step or different process groups (corpus nccl-logs/pytorch-118369-1.txt); a timeout that fired long
 * after its deadline is said so.
 */
final class Watchdogs {

    private Watchdogs() {
    }

    static List<Finding> build(List<WatchdogReport> watches) {
        Map<Integer, List<WatchdogReport>> byLog = new LinkedHashMap<>();
        for (WatchdogReport w : watches) byLog.computeIfAbsent(w.order(), k -> new ArrayList<>()).add(w);
        List<Finding> out = new ArrayList<>();
        for (List<WatchdogReport> ws : byLog.values()) out.add(one(ws));
        return out;
    }

    /** The lead report's line, then one line per other rank (exceptions all), eight at most. */
    private static List<EvidenceLine> quotes(Artifact a, LauncherError lead, List<WatchdogReport> ws) {
        List<EvidenceLine> ev = new ArrayList<>();
        Set<Integer> quoted = new LinkedHashSet<>();
        ev.add(a.quote(lead.line(), lead.text()));
        quoted.add(lead.line());
        Set<Integer> ranksQuoted = new LinkedHashSet<>();
        if (lead.rank() != null) ranksQuoted.add(lead.rank());
        for (WatchdogReport w : ws) {
            LauncherError e = w.error();
            if (ev.size() >= 8) break;
            if (quoted.contains(e.line())) continue;
            if (e.rank() != null && !ranksQuoted.add(e.rank()) && e.kind() == LauncherErrorKind.WATCHDOG_TIMEOUT) continue;
            ev.add(a.quote(e.line(), e.text()));
            quoted.add(e.line());
        }
        return ev;
    }

    private static Finding one(List<WatchdogReport> ws) {
        Artifact a = ws.get(0).artifact();
        Map<Integer, Set<Long>> seqByRank = new TreeMap<>();
        Set<String> ops = new LinkedHashSet<>();
        Set<String> pgs = new LinkedHashSet<>();
        Long timeout = null;
        Long ran = null;
        boolean anyTimeout = false;
        LauncherError firstTimeout = null;
        for (WatchdogReport w : ws) {
            LauncherError e = w.error();
            if (e.kind() == LauncherErrorKind.WATCHDOG_TIMEOUT) {
                anyTimeout = true;
                if (firstTimeout == null) firstTimeout = e;
                if (e.opType() != null) ops.add(e.opType());
                if (e.timeoutMs() != null) timeout = timeout == null ? e.timeoutMs() : Math.max(timeout, e.timeoutMs());
                if (e.ranForMs() != null) ran = ran == null ? e.ranForMs() : Math.max(ran, e.ranForMs());
            }
            if (e.processGroup() != null) pgs.add(e.processGroup());
            if (e.rank() != null && e.seqNum() != null) {
                seqByRank.computeIfAbsent(e.rank(), k -> new TreeSet<>()).add(e.seqNum());
            }
        }
        Set<Long> allSeq = new TreeSet<>();
        seqByRank.values().forEach(allSeq::addAll);
        boolean late = timeout != null && ran != null && ran > 2 * timeout;
        String key;
        // 'Some NCCL operations have failed or timed out' alone: the watchdog fired, the line it fired on is not here.
        if (!anyTimeout) key = seqByRank.isEmpty() ? "watchdog.down" : "watchdog.exception";
        else if (seqByRank.size() <= 1) key = "watchdog.one";
        else if (allSeq.size() <= 1) key = "watchdog.same";
        else key = "watchdog.desync";
        if (late && anyTimeout) key += ".late";

        // The rank that is behind (lowest SeqNum) is the one to chase; with one SeqNum, the first report.
        Integer subjectRank = null;
        long lowest = Long.MAX_VALUE;
        for (Map.Entry<Integer, Set<Long>> en : seqByRank.entrySet()) {
            long min = ((TreeSet<Long>) en.getValue()).first();
            if (min < lowest) {
                lowest = min;
                subjectRank = en.getKey();
            }
        }
        LauncherError lead = firstTimeout != null ? firstTimeout : ws.get(0).error();
        if (allSeq.size() <= 1) subjectRank = lead.rank();
        String pg = pgs.size() == 1 ? pgs.iterator().next() : null;
        String who = (pg != null ? "PG " + pg + " " : "") + (subjectRank != null ? "rank " + subjectRank : "NCCL");
        StringBuilder detail = new StringBuilder();
        for (Map.Entry<Integer, Set<Long>> en : seqByRank.entrySet()) {
            TreeSet<Long> s = (TreeSet<Long>) en.getValue();
            detail.append(detail.length() > 0 ? "; " : "").append("rank ").append(en.getKey()).append(": ")
                    .append(s.first()).append(s.size() > 1 ? "-" + s.last() : "");
        }
        Object[] args = {"who", who, "count", String.valueOf(seqByRank.size()),
            "ranks", FindingText.join(seqByRank.keySet()),
            "op", ops.isEmpty() ? "?" : String.join(", ", ops),
            "seq", allSeq.isEmpty() ? "?" : FindingText.join(allSeq),
            "timeout", duration(timeout), "ran", duration(ran), "detail", detail.length() == 0 ? "?" : detail.toString(),
            "pg", pg == null ? "?" : pg};

        List<EvidenceLine> ev = quotes(a, lead, ws);
        Map<String, String> params = new LinkedHashMap<>();
        if (subjectRank != null) params.put("rank", String.valueOf(subjectRank));
        a.node().ifPresent(n -> params.put("node", n));
        Subject subject = new Subject(a.node().orElse(null), subjectRank, null, null, null, null, null);
        return new Finding(Classifier.WATCHDOG, FindingSeverity.CRITICAL, subject,
                Message.of(ErrorsAnalyzer.class, key, args), ev, params);
    }

    /** Milliseconds as {@code 600 s}, {@code 30 min}, {@code 7.1 h}. */
    static String duration(Long ms) {
        if (ms == null) return "?";
        double s = ms / 1000.0;
        if (s >= 3 * 3600) return String.format(Locale.ROOT, "%.1f h", s / 3600);
        if (s >= 120) return String.format(Locale.ROOT, "%.0f min", s / 60);
        return String.format(Locale.ROOT, "%.0f s", s);
    }
}

package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.LauncherError;
import io.ncclscope.parsers.nccl.LauncherErrorKind;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * PyTorch watchdog timeouts, one finding per log, when no NCCL error explains them (otherwise they are consequences
 * in that error's chain). Compares the ranks' SeqNums: one SeqNum on every reporting rank is a collective hang, several
 * are ranks out of step or different process groups (corpus nccl-logs/pytorch-118369-1.txt); a timeout that fired long
 * after its deadline is said so.
 */
final class Watchdogs {

    private Watchdogs() {
    }

    /** What the reports of one log say together. */
    private static final class Reading {
        final Map<Integer, TreeSet<Long>> seqByRank = new TreeMap<>();
        final Set<Long> allSeq = new TreeSet<>();
        final Set<String> ops = new LinkedHashSet<>();
        final Set<String> pgs = new LinkedHashSet<>();
        Long timeout;
        Long ran;
        LauncherError firstTimeout;

        Reading(List<LauncherError> ws) {
            for (LauncherError e : ws) {
                if (e.kind() == LauncherErrorKind.WATCHDOG_TIMEOUT) {
                    if (firstTimeout == null) firstTimeout = e;
                    if (e.opType() != null) ops.add(e.opType());
                    if (e.timeoutMs() != null) timeout = timeout == null ? e.timeoutMs() : Math.max(timeout, e.timeoutMs());
                    if (e.ranForMs() != null) ran = ran == null ? e.ranForMs() : Math.max(ran, e.ranForMs());
                }
                if (e.processGroup() != null) pgs.add(e.processGroup());
                if (e.rank() != null && e.seqNum() != null) {
                    seqByRank.computeIfAbsent(e.rank(), k -> new TreeSet<>()).add(e.seqNum());
                    allSeq.add(e.seqNum());
                }
            }
        }

        /** The message key: one rank, one SeqNum on every rank, or ranks out of step; late when it fired long after. */
        String key() {
            // 'Some NCCL operations have failed or timed out' alone: the watchdog fired, the line it fired on is not here.
            if (firstTimeout == null) return seqByRank.isEmpty() ? "watchdog.down" : "watchdog.exception";
            String key = seqByRank.size() <= 1 ? "watchdog.one" : allSeq.size() <= 1 ? "watchdog.same" : "watchdog.desync";
            return timeout != null && ran != null && ran > 2 * timeout ? key + ".late" : key;
        }

        /** The rank that is behind (lowest SeqNum) is the one to chase; with one SeqNum, the lead report's. */
        Integer subjectRank(LauncherError lead) {
            if (allSeq.size() <= 1) return lead.rank();
            return seqByRank.entrySet().stream().min(Comparator.comparing(en -> en.getValue().first()))
                    .map(Map.Entry::getKey).orElse(null);
        }

        /** Per rank its SeqNums: {@code rank 0: 12; rank 3: 10-11}. */
        String detail() {
            StringBuilder detail = new StringBuilder();
            for (Map.Entry<Integer, TreeSet<Long>> en : seqByRank.entrySet()) {
                TreeSet<Long> s = en.getValue();
                detail.append(detail.length() > 0 ? "; " : "").append("rank ").append(en.getKey()).append(": ")
                        .append(s.first()).append(s.size() > 1 ? "-" + s.last() : "");
            }
            return detail.length() == 0 ? "?" : detail.toString();
        }
    }

    /** {@return the finding of the watchdog reports of one log} */
    static Finding finding(Artifact a, List<LauncherError> ws) {
        Reading r = new Reading(ws);
        LauncherError lead = r.firstTimeout != null ? r.firstTimeout : ws.get(0);
        Integer subjectRank = r.subjectRank(lead);
        String pg = r.pgs.size() == 1 ? r.pgs.iterator().next() : null;
        String who = (pg != null ? "PG " + pg + " " : "") + (subjectRank != null ? "rank " + subjectRank : "NCCL");
        Object[] args = {"who", who, "count", String.valueOf(r.seqByRank.size()),
            "ranks", FindingText.join(r.seqByRank.keySet()),
            "op", r.ops.isEmpty() ? "?" : String.join(", ", r.ops),
            "seq", r.allSeq.isEmpty() ? "?" : FindingText.join(r.allSeq),
            "timeout", duration(r.timeout), "ran", duration(r.ran), "detail", r.detail(),
            "pg", pg};
        Map<String, String> params = FindingText.params("rank", subjectRank == null ? null : String.valueOf(subjectRank),
                "node", a.node().orElse(null));
        Subject subject = new Subject(a.node().orElse(null), subjectRank, null, null, null, null, null);
        return new Finding(Classifier.WATCHDOG, FindingSeverity.CRITICAL, subject,
                Message.of(ErrorsAnalyzer.class, r.key(), args), quotes(a, lead, ws), params);
    }

    /** The lead report's line, then one line per other rank (exceptions all), eight at most. */
    private static List<EvidenceLine> quotes(Artifact a, LauncherError lead, List<LauncherError> ws) {
        List<EvidenceLine> ev = new ArrayList<>();
        Set<Integer> quoted = new LinkedHashSet<>();
        Set<Integer> ranksQuoted = new LinkedHashSet<>();
        for (LauncherError e : Stream.concat(Stream.of(lead), ws.stream()).toList()) {
            if (ev.size() >= 8) break;
            if (quoted.contains(e.line())) continue;
            if (e.rank() != null && !ranksQuoted.add(e.rank()) && e.kind() == LauncherErrorKind.WATCHDOG_TIMEOUT) continue;
            ev.add(a.quote(e.line(), e.text()));
            quoted.add(e.line());
        }
        return ev;
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

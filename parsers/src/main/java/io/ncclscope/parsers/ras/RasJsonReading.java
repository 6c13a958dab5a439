package io.ncclscope.parsers.ras;

import io.ncclscope.parsers.internal.Warnings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The JSON status of NCCL's RAS ({@code SET FORMAT json}, NCCL 2.28; the form of examples/hangs/captured-2.11), read
 * into the same facts as the text report: the job's counts from its ranks, one communicators row per communicator,
 * and the issues the text report would print (missing ranks, ranks in error or aborted, different collective counts).
 * Fields it lacks are null; unknown fields are ignored.
 */
final class RasJsonReading {

    private RasJsonReading() {
    }

    static RasStatus read(Object root, Warnings w) {
        if (!(root instanceof Map<?, ?> m) || !(m.get("communicators") instanceof List<?> comms)) {
            w.error(0, "no RAS status report found (a JSON object with \"communicators\")", "");
            return new RasStatus(null, null, null, null, List.of(), List.of());
        }
        Set<String> hosts = new LinkedHashSet<>();
        Set<String> processes = new LinkedHashSet<>();
        Set<String> gpus = new LinkedHashSet<>();
        List<RasCommunicators> rows = new ArrayList<>();
        List<RasIssue> issues = new ArrayList<>();
        int group = 0;
        for (Object c : comms) {
            if (!(c instanceof Map<?, ?> comm) || rows.size() >= RasParser.MAX_ROWS) continue;
            String name = "#" + group + " (" + text(comm.get("hash")) + ")";
            List<RasProcess> ranks = new ArrayList<>();
            List<RasProcess> failed = new ArrayList<>();
            Map<Long, List<RasProcess>> byCount = new TreeMap<>();
            Set<String> commHosts = new LinkedHashSet<>();
            boolean aborted = false;
            if (comm.get("ranks") instanceof List<?> rs) {
                for (Object o : rs) {
                    if (!(o instanceof Map<?, ?> r) || ranks.size() >= 4096) continue;
                    RasProcess p = process(r);
                    ranks.add(p);
                    if (p.node() != null) {
                        hosts.add(p.node());
                        commHosts.add(p.node());
                        processes.add(p.node() + ":" + p.pid());
                        gpus.add(p.node() + ":" + p.pid() + ":" + p.gpu());
                    }
                    Map<?, ?> st = r.get("status") instanceof Map<?, ?> x ? x : Map.of();
                    boolean abort = Boolean.TRUE.equals(st.get("abort_flag"));
                    aborted |= abort;
                    Long err = number(st.get("async_error"));
                    if (abort || err != null && err != 0) failed.add(p);
                    long ops = 0;
                    if (r.get("collective_counts") instanceof Map<?, ?> counts) {
                        for (Object v : counts.values()) {
                            Long n = number(v);
                            if (n != null) ops += n;
                        }
                    }
                    byCount.computeIfAbsent(ops, k -> new ArrayList<>()).add(p);
                }
            }
            List<RasProcess> missing = new ArrayList<>();
            if (comm.get("missing_ranks") instanceof List<?> ms) {
                for (Object o : ms) {
                    if (missing.size() >= 4096) break;
                    if (o instanceof Map<?, ?> r) missing.add(process(r));
                    else if (number(o) != null) missing.add(new RasProcess(small(number(o)), null, null, null, 0));
                }
            }
            Long missingCount = number(comm.get("missing_ranks_count"));
            boolean incomplete = !missing.isEmpty() || missingCount != null && missingCount > 0;
            String errors = incomplete ? "INCOMPLETE" : !failed.isEmpty() ? "ERROR" : byCount.size() > 1 ? "MISMATCH" : "OK";
            rows.add(new RasCommunicators(group, "1", String.valueOf(commHosts.size()), null, text(comm.get("size")),
                    text(comm.get("ranks_count")), aborted ? "ABORTED" : "RUNNING", errors, 0));
            if (incomplete) {
                issues.add(new RasIssue(true, "INCOMPLETE", name, "Missing communicator data from "
                        + (missingCount != null ? missingCount : missing.size()) + " rank(s)", missing, Map.of(), 0));
            }
            if (!failed.isEmpty()) {
                issues.add(new RasIssue(true, "ERROR", name, "Ranks with an asynchronous error or aborted", failed, Map.of(), 0));
            }
            if (byCount.size() > 1) issues.add(mismatch(name, byCount));
            group++;
        }
        return new RasStatus(text(m.get("nccl_version")), hosts.isEmpty() ? null : hosts.size(),
                processes.isEmpty() ? null : processes.size(), gpus.isEmpty() ? null : gpus.size(), rows, issues);
    }

    /** Ranks that launched different numbers of collectives: the counts, most ranks first, and the ranks behind. */
    private static RasIssue mismatch(String name, Map<Long, List<RasProcess>> byCount) {
        Map<Long, Integer> launched = new LinkedHashMap<>();
        byCount.entrySet().stream().sorted((a, b) -> Integer.compare(b.getValue().size(), a.getValue().size()))
                .forEach(e -> launched.put(e.getKey(), e.getValue().size()));
        long common = launched.keySet().iterator().next();
        List<RasProcess> behind = new ArrayList<>();
        byCount.forEach((ops, ps) -> {
            if (ops != common) behind.addAll(ps);
        });
        return new RasIssue(false, "MISMATCH", name, "Communicator ranks have different collective operation counts",
                behind.size() > 4096 ? behind.subList(0, 4096) : behind, launched, 0);
    }

    private static RasProcess process(Map<?, ?> r) {
        return new RasProcess(small(number(r.get("rank"))), small(number(r.get("cuda_dev"))), number(r.get("pid")),
                text(r.get("host")), 0);
    }

    private static String text(Object o) {
        if (o instanceof String s) return s.length() > 256 ? s.substring(0, 256) : s;
        if (o instanceof Long || o instanceof Double || o instanceof Boolean) return String.valueOf(o);
        return null;
    }

    private static Long number(Object o) {
        if (o instanceof Long l) return l;
        if (o instanceof Double d && !d.isNaN() && !d.isInfinite() && d == Math.rint(d)) return d.longValue();
        return null;
    }

    private static Integer small(Long v) {
        return v == null || v < Integer.MIN_VALUE || v > Integer.MAX_VALUE ? null : v.intValue();
    }
}

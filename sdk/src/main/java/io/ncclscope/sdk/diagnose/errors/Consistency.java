package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.parsers.nccl.VersionSeen;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsDevice;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Facts that must agree across ranks and hosts: the NCCL version each prints, and the rank to host and GPU mapping of
 * each communicator (by {@code commId}, across every log of the evidence). Two ranks of one communicator on one GPU are
 * {@code NCCL_DUPLICATE_GPU} even when the WARN line was cut, except where NCCL 2.30+ was told to allow it
 * ({@code NCCL_MULTI_RANK_GPU_ENABLE=1}).
 */
final class Consistency {

    /**
     * One communicator entry as the pass keeps it (the init line's fields), its init line quoted, and whether its log lets
     * ranks share a GPU ({@link #multiRankAllowed}).
     */
    record Placed(EvidenceLine quote, String host, Long pid, int rank, Integer nranks, Integer cudaDev, String busId,
                  String busIdRaw, String comm, String commId, boolean multiRankAllowed) {
    }

    private Consistency() {
    }

    /**
     * The NCCL versions of the evidence, gathered artifact by artifact in any order: per version the hosts that printed
     * it and its first line in the whole evidence's order (logs first, then nccl-tests outputs), which is all the
     * comparison reads. One instance may gather one slice and be {@linkplain #merge merged} into another.
     */
    static final class Versions {

        /** One version: its hosts and where it was first printed, quoted. */
        static final class Seen {
            final TreeSet<String> hosts = new TreeSet<>();
            ErrorsAnalyzer.Where where;
            int seq;
            EvidenceLine quote;
        }

        /** Per version, in the order first added. */
        final Map<String, Seen> byVersion = new LinkedHashMap<>();

        /** Adds the versions a log printed; their lines are quoted from {@code a} now. */
        void add(ErrorsAnalyzer.Where where, Artifact a, NcclLog log) {
            int seq = 0;
            for (VersionSeen v : log.versions()) {
                if (v.version() == null) continue;
                String host = v.host() != null ? v.host() : a.node().orElse(null);
                add(where, seq++, v.version(), host, a.quote(v.line(), "NCCL version " + v.printed()));
            }
        }

        /** Adds the version an nccl-tests output printed, if any. */
        void add(ErrorsAnalyzer.Where where, Artifact a, NcclTestsData t) {
            String v = t.ncclVersion();
            if (v == null) return;
            String host = t.hosts().size() == 1 ? t.hosts().get(0) : a.node().orElse(null);
            add(where, 0, v, host, a.quote(0, "nccl-library " + v));
        }

        private void add(ErrorsAnalyzer.Where where, int seq, String version, String host, EvidenceLine quote) {
            Seen s = byVersion.computeIfAbsent(version, k -> new Seen());
            if (host != null) s.hosts.add(host);
            boolean first = s.where == null || where.compareTo(s.where) < 0 || where.compareTo(s.where) == 0 && seq < s.seq;
            if (!first) return;
            s.where = where;
            s.seq = seq;
            s.quote = quote;
        }

        /** Adds what {@code other} gathered (another slice's versions). */
        void merge(Versions other) {
            for (Map.Entry<String, Seen> en : other.byVersion.entrySet()) {
                Seen o = en.getValue();
                Seen s = byVersion.computeIfAbsent(en.getKey(), k -> new Seen());
                s.hosts.addAll(o.hosts);
                if (o.where != null) add(o.where, o.seq, en.getKey(), null, o.quote);
            }
        }

        /** Versions seen across the evidence that differ; none when a WARN line already said so. */
        List<Finding> finish(Set<String> codesFound) {
            if (codesFound.contains(Classifier.VERSION) || byVersion.size() < 2) return List.of();
            List<Map.Entry<String, Seen>> inOrder = new ArrayList<>(byVersion.entrySet());
            inOrder.sort((x, y) -> {
                int c = x.getValue().where.compareTo(y.getValue().where);
                return c != 0 ? c : Integer.compare(x.getValue().seq, y.getValue().seq);
            });
            StringBuilder detail = new StringBuilder();
            String minority = null;
            int fewest = Integer.MAX_VALUE;
            List<EvidenceLine> ev = new ArrayList<>();
            List<String> versions = new ArrayList<>();
            for (Map.Entry<String, Seen> en : inOrder) {
                Seen s = en.getValue();
                versions.add(en.getKey());
                detail.append(detail.length() > 0 ? "; " : "").append(en.getKey());
                if (!s.hosts.isEmpty()) detail.append(" (").append(CaseFindings.list(s.hosts)).append(')');
                if (s.hosts.size() < fewest && !s.hosts.isEmpty()) {
                    fewest = s.hosts.size();
                    minority = s.hosts.first();
                }
                ev.add(s.quote);
            }
            Map<String, String> params = new LinkedHashMap<>();
            CaseFindings.putIf(params, "node", minority);
            return List.of(new Finding(Classifier.VERSION, FindingSeverity.ERROR, Subject.node(minority),
                    Message.of(ErrorsAnalyzer.class, "version.mismatch", "versions", String.join(", ", versions),
                            "detail", detail.toString()), ev, params));
        }
    }

    /**
     * Rank mapping of every communicator; {@code dupKeys} holds the {@code host|busId} keys already reported from WARN
     * lines (they are not reported twice).
     */
    static List<Finding> mapping(List<Placed> placed, Set<String> dupKeys, Set<String> codesFound) {
        Map<String, List<Placed>> byComm = new LinkedHashMap<>();
        for (Placed p : placed) byComm.computeIfAbsent(p.commId(), k -> new ArrayList<>()).add(p);
        List<Finding> out = new ArrayList<>();
        for (Map.Entry<String, List<Placed>> en : byComm.entrySet()) {
            String comm = en.getKey();
            List<Placed> ps = en.getValue();
            if (ps.size() < 2) continue;
            mappingOf(comm, ps, dupKeys, codesFound, out);
        }
        return out;
    }

    /** Adds to {@code out} what the rank mapping of communicator {@code comm} (its entries {@code ps}, in order) shows. */
    static void mappingOf(String comm, List<Placed> ps, Set<String> dupKeys, Set<String> codesFound, List<Finding> out) {
        Map<Integer, List<Placed>> bySize = new LinkedHashMap<>();
        Map<Integer, Set<String>> placesOfRank = new LinkedHashMap<>();
        Map<Integer, Placed> firstOfRank = new LinkedHashMap<>();
        Map<String, List<Placed>> byGpu = new LinkedHashMap<>();
        Placed outOfRange = null;
        for (Placed p : ps) {
            Placed r = p;
            if (r.nranks() != null) bySize.computeIfAbsent(r.nranks(), k -> new ArrayList<>()).add(p);
            if (r.nranks() != null && r.rank() >= r.nranks() && outOfRange == null) outOfRange = p;
            String place = r.host() + ":" + r.pid();
            placesOfRank.computeIfAbsent(r.rank(), k -> new LinkedHashSet<>()).add(place);
            firstOfRank.putIfAbsent(r.rank(), p);
            if (r.host() != null && r.busId() != null) {
                byGpu.computeIfAbsent(r.host() + "|" + r.busId(), k -> new ArrayList<>()).add(p);
            }
        }
        // Two ranks of one communicator on one GPU.
        for (Map.Entry<String, List<Placed>> g : byGpu.entrySet()) {
            Set<Integer> ranks = new TreeSet<>();
            for (Placed p : g.getValue()) ranks.add(p.rank());
            if (ranks.size() < 2 || dupKeys.contains("dup|" + g.getKey())) continue;
            Placed p0 = g.getValue().get(0);
            if (p0.multiRankAllowed()) continue;
            List<EvidenceLine> ev = new ArrayList<>();
            for (Placed p : g.getValue()) ev.add(p.quote());
            Placed r0 = p0;
            Map<String, String> params = new LinkedHashMap<>();
            CaseFindings.putIf(params, "node", r0.host());
            CaseFindings.putIf(params, "bdf", r0.busId());
            CaseFindings.putIf(params, "rank", String.valueOf(r0.rank()));
            out.add(new Finding(Classifier.DUPLICATE, FindingSeverity.CRITICAL,
                    new Subject(r0.host(), r0.rank(), r0.busId(), null, null, null, null),
                    Message.of(ErrorsAnalyzer.class, "duplicate.mapping", "ranks", CaseFindings.join(ranks),
                            "gpu", (r0.busIdRaw() != null ? r0.busIdRaw() + " (" + r0.busId() + ")" : r0.busId()),
                            "node", r0.host(), "comm", comm), ev, params));
        }
        if (codesFound.contains(Classifier.MAPPING)) return;
        String key = null;
        List<Object> args = new ArrayList<>(List.of("comm", comm));
        List<EvidenceLine> ev = new ArrayList<>();
        Placed subjectOf = null;
        if (bySize.size() > 1) {
            key = "mapping.nranks";
            StringBuilder d = new StringBuilder();
            for (Map.Entry<Integer, List<Placed>> s : bySize.entrySet()) {
                Set<Integer> ranks = new TreeSet<>();
                for (Placed p : s.getValue()) ranks.add(p.rank());
                d.append(d.length() > 0 ? "; " : "").append("nranks ").append(s.getKey()).append(": rank ")
                        .append(CaseFindings.list(toStrings(ranks)));
                Placed p = s.getValue().get(0);
                ev.add(p.quote());
            }
            // The odd one out is the smaller group.
            int fewest = Integer.MAX_VALUE;
            for (List<Placed> l : bySize.values()) {
                if (l.size() < fewest) {
                    fewest = l.size();
                    subjectOf = l.get(0);
                }
            }
            args.addAll(List.of("detail", d.toString()));
        } else if (outOfRange != null) {
            key = "mapping.range";
            subjectOf = outOfRange;
            args.addAll(List.of("rank", String.valueOf(outOfRange.rank()), "nranks", String.valueOf(outOfRange.nranks())));
            ev.add(outOfRange.quote());
        } else {
            for (Map.Entry<Integer, Set<String>> r : placesOfRank.entrySet()) {
                if (r.getValue().size() < 2) continue;
                key = "mapping.rankdup";
                subjectOf = firstOfRank.get(r.getKey());
                args.addAll(List.of("rank", String.valueOf(r.getKey()), "places", CaseFindings.list(r.getValue())));
                for (Placed p : ps) {
                    if (p.rank() == r.getKey() && ev.size() < 6) ev.add(p.quote());
                }
                break;
            }
        }
        if (key == null) return;
        Placed r = subjectOf;
        Map<String, String> params = new LinkedHashMap<>();
        CaseFindings.putIf(params, "node", r.host());
        CaseFindings.putIf(params, "rank", String.valueOf(r.rank()));
        CaseFindings.putIf(params, "bdf", r.busId());
        out.add(new Finding(Classifier.MAPPING, FindingSeverity.ERROR, new Subject(r.host(), r.rank(), r.busId(), null, null, null, null),
                Message.of(ErrorsAnalyzer.class, key, args.toArray()), ev, params));
    }

    /** {@return a log's communicator entries that name a communicator, their init lines quoted from {@code a} now} */
    static List<Placed> placed(Artifact a, NcclLog log) {
        List<Placed> out = new ArrayList<>();
        boolean multi = multiRankAllowed(log);
        for (NcclRank r : log.ranks()) {
            if (r.commId() == null) continue;
            out.add(new Placed(a.quote(r.line(), initText(r)), r.host(), r.pid(), r.rank(), r.nranks(), r.cudaDev(),
                    r.busId(), r.busIdRaw(), r.comm(), r.commId(), multi));
        }
        return out;
    }

    /** NCCL 2.30 lets ranks share a GPU when told to ({@code NCCL_MULTI_RANK_GPU_ENABLE=1}, src/init.cc). */
    static boolean multiRankAllowed(NcclLog log) {
        String v = log.environment().get("NCCL_MULTI_RANK_GPU_ENABLE");
        return v != null && v.trim().equals("1") && atLeast(log.ncclVersion(), 2, 30);
    }

    /** Whether a version {@code 2.30.7} is at least {@code major.minor}; unknown versions are not. */
    static boolean atLeast(String version, int major, int minor) {
        if (version == null) return false;
        String[] p = version.split("[.+]");
        try {
            int ma = Integer.parseInt(p[0]);
            int mi = p.length > 1 ? Integer.parseInt(p[1]) : 0;
            return ma > major || ma == major && mi >= minor;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static Set<String> toStrings(Set<Integer> s) {
        Set<String> out = new LinkedHashSet<>();
        for (Integer i : s) out.add(String.valueOf(i));
        return out;
    }

    /** The init line, rebuilt when the log's text was not kept. */
    private static String initText(NcclRank r) {
        StringBuilder sb = new StringBuilder();
        if (r.host() != null) sb.append(r.host()).append(':').append(r.pid()).append(' ');
        sb.append("NCCL INFO comm ").append(r.comm() == null ? "?" : r.comm()).append(" rank ").append(r.rank());
        if (r.nranks() != null) sb.append(" nranks ").append(r.nranks());
        if (r.cudaDev() != null) sb.append(" cudaDev ").append(r.cudaDev());
        if (r.busIdRaw() != null) sb.append(" busId ").append(r.busIdRaw());
        if (r.commId() != null) sb.append(" commId ").append(r.commId());
        return sb.toString();
    }

    /**
     * nccl-tests {@code # Using devices} lines that put two ranks on one GPU of one host (the analyzer drops them when a
     * WARN line already reported a duplicate GPU).
     */
    static List<Finding> testsDevices(Artifact a, NcclTestsData t) {
        List<Finding> out = new ArrayList<>();
        Map<String, List<NcclTestsDevice>> byGpu = new LinkedHashMap<>();
        for (NcclTestsDevice d : t.devices()) {
            // The bus-only form 0x00 is what sanitised fixtures print for every GPU
            // (corpus nccl-tests/superbenchmark-testdata-nccl_allgather.txt): no identity.
            if (d.host() == null || d.busId() == null || d.busId().matches("0x0+")) continue;
            byGpu.computeIfAbsent(d.host() + "|" + d.busId(), k -> new ArrayList<>()).add(d);
        }
        for (List<NcclTestsDevice> g : byGpu.values()) {
            Set<Integer> ranks = new TreeSet<>();
            boolean contradicts = false;
            for (NcclTestsDevice d : g) {
                ranks.add(d.rank());
                // One process driving two device indices cannot have them on one GPU: the bus ids are not real.
                for (NcclTestsDevice o : g) {
                    if (o != d && o.pid() != null && o.pid().equals(d.pid()) && o.device() != null
                            && !o.device().equals(d.device())) {
                        contradicts = true;
                    }
                }
            }
            if (ranks.size() < 2 || contradicts) continue;
            NcclTestsDevice d0 = g.get(0);
            List<EvidenceLine> ev = new ArrayList<>();
            for (NcclTestsDevice d : g) if (ev.size() < 8) ev.add(a.quote(d.line()));
            Map<String, String> params = new LinkedHashMap<>();
            CaseFindings.putIf(params, "node", d0.host());
            CaseFindings.putIf(params, "bdf", d0.pciAddress());
            CaseFindings.putIf(params, "rank", String.valueOf(d0.rank()));
            out.add(new Finding(Classifier.DUPLICATE, FindingSeverity.CRITICAL,
                    new Subject(d0.host(), d0.rank(), d0.busId(), null, null, null, null),
                    Message.of(ErrorsAnalyzer.class, "duplicate.tests", "ranks", CaseFindings.join(ranks),
                            "gpu", d0.busId(), "node", d0.host()), ev, params));
        }
        return out;
    }
}

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

    /** One version a log or an nccl-tests output printed, with the line to quote (of a stub artifact). */
    record Seen(String version, String host, Artifact artifact, int line, String text) {
    }

    /** One communicator entry, and whether its log lets ranks share a GPU ({@link #multiRankAllowed}). */
    record Placed(NcclRank rank, Artifact artifact, boolean multiRankAllowed) {
    }

    private Consistency() {
    }

    /** {@return the versions a log printed; {@code a} is the artifact quoted later (a stub will do)} */
    static List<Seen> seen(Artifact a, NcclLog log) {
        List<Seen> out = new ArrayList<>();
        for (VersionSeen v : log.versions()) {
            if (v.version() == null) continue;
            String host = v.host() != null ? v.host() : a.node().orElse(null);
            out.add(new Seen(v.version(), host, a, v.line(), "NCCL version " + v.printed()));
        }
        return out;
    }

    /** {@return the version an nccl-tests output printed, if any; {@code a} is the artifact quoted later} */
    static List<Seen> seen(Artifact a, NcclTestsData t) {
        String v = t.ncclVersion();
        if (v == null) return List.of();
        String host = t.hosts().size() == 1 ? t.hosts().get(0) : a.node().orElse(null);
        return List.of(new Seen(v, host, a, 0, "nccl-library " + v));
    }

    /** Versions seen across the evidence (logs first, then nccl-tests outputs, in evidence order) that differ. */
    static List<Finding> versions(List<Seen> seen, Set<String> codesFound) {
        if (codesFound.contains(Classifier.VERSION)) return List.of();
        Map<String, List<Seen>> byVersion = new LinkedHashMap<>();
        for (Seen v : seen) byVersion.computeIfAbsent(v.version(), k -> new ArrayList<>()).add(v);
        if (byVersion.size() < 2) return List.of();
        StringBuilder detail = new StringBuilder();
        String minority = null;
        int fewest = Integer.MAX_VALUE;
        List<EvidenceLine> ev = new ArrayList<>();
        for (Map.Entry<String, List<Seen>> en : byVersion.entrySet()) {
            Set<String> hosts = new TreeSet<>();
            for (Seen s : en.getValue()) if (s.host() != null) hosts.add(s.host());
            detail.append(detail.length() > 0 ? "; " : "").append(en.getKey());
            if (!hosts.isEmpty()) detail.append(" (").append(CaseFindings.list(hosts)).append(')');
            if (hosts.size() < fewest && !hosts.isEmpty()) {
                fewest = hosts.size();
                minority = hosts.iterator().next();
            }
            Seen s = en.getValue().get(0);
            ev.add(s.artifact().quote(s.line(), s.text()));
        }
        Map<String, String> params = new LinkedHashMap<>();
        CaseFindings.putIf(params, "node", minority);
        return List.of(new Finding(Classifier.VERSION, FindingSeverity.ERROR, Subject.node(minority),
                Message.of(ErrorsAnalyzer.class, "version.mismatch", "versions", String.join(", ", byVersion.keySet()),
                        "detail", detail.toString()), ev, params));
    }

    /**
     * Rank mapping of every communicator; {@code dupKeys} holds the {@code host|busId} keys already reported from WARN
     * lines (they are not reported twice).
     */
    static List<Finding> mapping(List<Placed> placed, Set<String> dupKeys, Set<String> codesFound) {
        Map<String, List<Placed>> byComm = new LinkedHashMap<>();
        for (Placed p : placed) byComm.computeIfAbsent(p.rank().commId(), k -> new ArrayList<>()).add(p);
        List<Finding> out = new ArrayList<>();
        for (Map.Entry<String, List<Placed>> en : byComm.entrySet()) {
            String comm = en.getKey();
            List<Placed> ps = en.getValue();
            if (ps.size() < 2) continue;
            mappingOf(comm, ps, dupKeys, codesFound, out);
        }
        return out;
    }

    private static void mappingOf(String comm, List<Placed> ps, Set<String> dupKeys, Set<String> codesFound, List<Finding> out) {
        Map<Integer, List<Placed>> bySize = new LinkedHashMap<>();
        Map<Integer, Set<String>> placesOfRank = new LinkedHashMap<>();
        Map<Integer, Placed> firstOfRank = new LinkedHashMap<>();
        Map<String, List<Placed>> byGpu = new LinkedHashMap<>();
        Placed outOfRange = null;
        for (Placed p : ps) {
            NcclRank r = p.rank();
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
            for (Placed p : g.getValue()) ranks.add(p.rank().rank());
            if (ranks.size() < 2 || dupKeys.contains("dup|" + g.getKey())) continue;
            Placed p0 = g.getValue().get(0);
            if (p0.multiRankAllowed()) continue;
            List<EvidenceLine> ev = new ArrayList<>();
            for (Placed p : g.getValue()) ev.add(p.artifact().quote(p.rank().line(), initText(p.rank())));
            NcclRank r0 = p0.rank();
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
                for (Placed p : s.getValue()) ranks.add(p.rank().rank());
                d.append(d.length() > 0 ? "; " : "").append("nranks ").append(s.getKey()).append(": rank ")
                        .append(CaseFindings.list(toStrings(ranks)));
                Placed p = s.getValue().get(0);
                ev.add(p.artifact().quote(p.rank().line(), initText(p.rank())));
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
            args.addAll(List.of("rank", String.valueOf(outOfRange.rank().rank()), "nranks", String.valueOf(outOfRange.rank().nranks())));
            ev.add(outOfRange.artifact().quote(outOfRange.rank().line(), initText(outOfRange.rank())));
        } else {
            for (Map.Entry<Integer, Set<String>> r : placesOfRank.entrySet()) {
                if (r.getValue().size() < 2) continue;
                key = "mapping.rankdup";
                subjectOf = firstOfRank.get(r.getKey());
                args.addAll(List.of("rank", String.valueOf(r.getKey()), "places", CaseFindings.list(r.getValue())));
                for (Placed p : ps) {
                    if (p.rank().rank() == r.getKey() && ev.size() < 6) ev.add(p.artifact().quote(p.rank().line(), initText(p.rank())));
                }
                break;
            }
        }
        if (key == null) return;
        NcclRank r = subjectOf.rank();
        Map<String, String> params = new LinkedHashMap<>();
        CaseFindings.putIf(params, "node", r.host());
        CaseFindings.putIf(params, "rank", String.valueOf(r.rank()));
        CaseFindings.putIf(params, "bdf", r.busId());
        out.add(new Finding(Classifier.MAPPING, FindingSeverity.ERROR, new Subject(r.host(), r.rank(), r.busId(), null, null, null, null),
                Message.of(ErrorsAnalyzer.class, key, args.toArray()), ev, params));
    }

    /** {@return a log's communicator entries that name a communicator; {@code a} is the artifact quoted later} */
    static List<Placed> placed(Artifact a, NcclLog log) {
        List<Placed> out = new ArrayList<>();
        boolean multi = multiRankAllowed(log);
        for (NcclRank r : log.ranks()) {
            if (r.commId() != null) out.add(new Placed(r, a, multi));
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

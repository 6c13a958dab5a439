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
import java.util.HashMap;
import java.util.Iterator;
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
            ArtifactPlace where;
            int seq;
            EvidenceLine quote;
        }

        /** Per version, in the order first added. */
        final Map<String, Seen> byVersion = new LinkedHashMap<>();

        /** Adds the versions a log printed; their lines are quoted from {@code a} now. */
        void add(ArtifactPlace where, Artifact a, NcclLog log) {
            int seq = 0;
            for (VersionSeen v : log.versions()) {
                if (v.version() == null) continue;
                String host = v.host() != null ? v.host() : a.node().orElse(null);
                add(where, seq++, v.version(), host, a.quote(v.line(), "NCCL version " + v.printed()));
            }
        }

        /** Adds the version an nccl-tests output printed, if any. */
        void add(ArtifactPlace where, Artifact a, NcclTestsData t) {
            String v = t.ncclVersion();
            if (v == null) return;
            String host = t.hosts().size() == 1 ? t.hosts().get(0) : a.node().orElse(null);
            add(where, 0, v, host, a.quote(0, "nccl-library " + v));
        }

        private void add(ArtifactPlace where, int seq, String version, String host, EvidenceLine quote) {
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
     * The rank mapping of one communicator, its entries read in the order of the whole evidence, twice: the first
     * reading keeps a few numbers per size, rank and GPU, enough to tell what is wrong ({@link #settle}); the second keeps
     * only the lines and ranks of what is. So a communicator of thousands of ranks holds no entry while it is checked.
     * It finds two ranks on one GPU of one host (unless a WARN line reported that GPU, {@code dupKeys}), then, unless a
     * WARN finding already did ({@code codesFound}), ranks that disagree on the communicator's size, a rank out of range,
     * or one rank number in two processes.
     */
    static final class CommCheck {

        /** Entry lines a rank-in-two-places finding quotes. */
        private static final int RANK_LINES = 6;

        private final String comm;
        private int seq;
        /** Per size, in the order first seen: how many entries, the first one's place in the order. */
        private final Map<Integer, int[]> sizes = new LinkedHashMap<>();
        private int outOfRange = -1;
        /** Per rank: where it was first seen and whether it was seen in another process. */
        private final Map<Integer, RankSeen> ranks = new HashMap<>();
        /** Per {@code host|busId}, in the order first seen. */
        private final Map<String, GpuSeen> gpus = new LinkedHashMap<>();

        // What the second reading keeps.
        private String mapping;
        private Integer twice;
        private final Map<Integer, TreeSet<Integer>> sizeRanks = new LinkedHashMap<>();
        private final List<Placed> sizeFirsts = new ArrayList<>();
        private Placed subject;
        private final Set<String> places = new LinkedHashSet<>();
        private final List<EvidenceLine> lines = new ArrayList<>();

        private static final class RankSeen {
            final int first;
            final String place;
            boolean elsewhere;

            RankSeen(int first, String place) {
                this.first = first;
                this.place = place;
            }
        }

        private static final class GpuSeen {
            final int rank;
            final boolean multiRankAllowed;
            /** A rank other than the first was seen on it. */
            boolean severalRanks;
            // The second reading's, for a GPU that two ranks use.
            Placed first;
            TreeSet<Integer> all;
            List<EvidenceLine> lines;

            GpuSeen(int rank, boolean multiRankAllowed) {
                this.rank = rank;
                this.multiRankAllowed = multiRankAllowed;
            }
        }

        CommCheck(String comm) {
            this.comm = comm;
        }

        /** Reads an entry of the communicator, the first time. */
        void add(Placed p) {
            int at = seq++;
            if (p.nranks() != null) {
                int[] n = sizes.computeIfAbsent(p.nranks(), k -> new int[] {0, at});
                n[0]++;
                if (p.rank() >= p.nranks() && outOfRange < 0) outOfRange = at;
            }
            String place = place(p);
            RankSeen r = ranks.get(p.rank());
            if (r == null) ranks.put(p.rank(), new RankSeen(at, place));
            else if (!r.elsewhere && !r.place.equals(place)) r.elsewhere = true;
            if (p.host() != null && p.busId() != null) {
                GpuSeen g = gpus.get(gpu(p));
                if (g == null) gpus.put(gpu(p), new GpuSeen(p.rank(), p.multiRankAllowed()));
                else if (g.rank != p.rank()) g.severalRanks = true;
            }
        }

        private static String place(Placed p) {
            return p.host() + ":" + p.pid();
        }

        private static String gpu(Placed p) {
            return p.host() + "|" + p.busId();
        }

        /**
         * Decides what is wrong, after the first reading; starts the second.
         *
         * @return whether the second reading is needed (something is wrong)
         */
        boolean settle(Set<String> dupKeys, Set<String> codesFound) {
            seq = 0;
            boolean again = false;
            for (Iterator<Map.Entry<String, GpuSeen>> it = gpus.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<String, GpuSeen> en = it.next();
                GpuSeen g = en.getValue();
                if (!g.severalRanks || dupKeys.contains("dup|" + en.getKey()) || g.multiRankAllowed) {
                    it.remove();
                    continue;
                }
                g.all = new TreeSet<>();
                g.lines = new ArrayList<>();
                again = true;
            }
            if (!codesFound.contains(Classifier.MAPPING)) {
                if (sizes.size() > 1) {
                    mapping = "mapping.nranks";
                } else if (outOfRange >= 0) {
                    mapping = "mapping.range";
                } else {
                    int first = Integer.MAX_VALUE;
                    for (Map.Entry<Integer, RankSeen> en : ranks.entrySet()) {
                        RankSeen r = en.getValue();
                        if (r.elsewhere && r.first < first) {
                            first = r.first;
                            twice = en.getKey();
                        }
                    }
                    if (twice != null) mapping = "mapping.rankdup";
                }
            }
            ranks.clear();
            return again || mapping != null;
        }

        /** Reads an entry of the communicator, the second time (after {@link #settle}). */
        void again(Placed p) {
            int at = seq++;
            if ("mapping.nranks".equals(mapping) && p.nranks() != null) {
                sizeRanks.computeIfAbsent(p.nranks(), k -> new TreeSet<>()).add(p.rank());
                if (sizes.get(p.nranks())[1] == at) sizeFirsts.add(p);
            } else if ("mapping.range".equals(mapping) && at == outOfRange) {
                subject = p;
            } else if ("mapping.rankdup".equals(mapping) && twice == p.rank()) {
                if (subject == null) subject = p;
                places.add(place(p));
                if (lines.size() < RANK_LINES) lines.add(p.quote());
            }
            if (p.host() != null && p.busId() != null) {
                GpuSeen g = gpus.get(gpu(p));
                if (g != null) {
                    if (g.first == null) g.first = p;
                    g.all.add(p.rank());
                    if (g.lines.size() < Finding.MAX_EVIDENCE) g.lines.add(p.quote());
                }
            }
        }

        /** Adds the findings to {@code out}, after the second reading (or after {@link #settle} when it needed none). */
        void finish(List<Finding> out) {
            for (GpuSeen g : gpus.values()) {
                Placed r0 = g.first;
                Map<String, String> params = new LinkedHashMap<>();
                CaseFindings.putIf(params, "node", r0.host());
                CaseFindings.putIf(params, "bdf", r0.busId());
                CaseFindings.putIf(params, "rank", String.valueOf(r0.rank()));
                out.add(new Finding(Classifier.DUPLICATE, FindingSeverity.CRITICAL,
                        new Subject(r0.host(), r0.rank(), r0.busId(), null, null, null, null),
                        Message.of(ErrorsAnalyzer.class, "duplicate.mapping", "ranks", CaseFindings.join(g.all),
                                "gpu", (r0.busIdRaw() != null ? r0.busIdRaw() + " (" + r0.busId() + ")" : r0.busId()),
                                "node", r0.host(), "comm", comm), g.lines, params));
            }
            if (mapping == null) return;
            List<Object> args = new ArrayList<>(List.of("comm", comm));
            List<EvidenceLine> ev = new ArrayList<>();
            Placed r = subject;
            switch (mapping) {
                case "mapping.nranks" -> {
                    StringBuilder d = new StringBuilder();
                    int i = 0;
                    int fewest = Integer.MAX_VALUE;
                    for (Map.Entry<Integer, int[]> en : sizes.entrySet()) {
                        Placed first = sizeFirsts.get(i++);
                        d.append(d.length() > 0 ? "; " : "").append("nranks ").append(en.getKey()).append(": rank ")
                                .append(CaseFindings.list(toStrings(sizeRanks.get(en.getKey()))));
                        ev.add(first.quote());
                        // The odd one out is the smaller group.
                        if (en.getValue()[0] < fewest) {
                            fewest = en.getValue()[0];
                            r = first;
                        }
                    }
                    args.addAll(List.of("detail", d.toString()));
                }
                case "mapping.range" -> {
                    args.addAll(List.of("rank", String.valueOf(r.rank()), "nranks", String.valueOf(r.nranks())));
                    ev.add(r.quote());
                }
                default -> {
                    args.addAll(List.of("rank", String.valueOf(twice), "places", CaseFindings.list(places)));
                    ev.addAll(lines);
                }
            }
            Map<String, String> params = new LinkedHashMap<>();
            CaseFindings.putIf(params, "node", r.host());
            CaseFindings.putIf(params, "rank", String.valueOf(r.rank()));
            CaseFindings.putIf(params, "bdf", r.busId());
            out.add(new Finding(Classifier.MAPPING, FindingSeverity.ERROR, new Subject(r.host(), r.rank(), r.busId(), null, null, null, null),
                    Message.of(ErrorsAnalyzer.class, mapping, args.toArray()), ev, params));
        }
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

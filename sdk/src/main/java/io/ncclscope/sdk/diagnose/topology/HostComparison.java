package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsDevice;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.evidence.Artifact;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * TOPOLOGY_ASYMMETRIC across the hosts inside one multi-host artifact: ranks and GPU models per host of the nccl-tests
 * device lines, ranks per host of each communicator an NCCL log shows whole. Stateless.
 */
final class HostComparison {

    private static final String TESTS = "nccl-tests";
    private static final String LOG = "NCCL_DEBUG=INFO";

    private HostComparison() {
    }

    /** Compares the hosts inside artifact {@code a}, when it shows several. */
    static void acrossHosts(Artifact a, MergedFindings out) {
        a.data(NcclTestsData.class).ifPresent(t -> acrossTestHosts(a, t, out));
        a.data(NcclLog.class).ifPresent(l -> acrossLogHosts(a, l, out));
    }

    /** nccl-tests device lines: ranks and GPU models per host. */
    private static void acrossTestHosts(Artifact a, NcclTestsData t, MergedFindings out) {
        if (t.hosts().size() < 2) return;
        Map<String, List<NcclTestsDevice>> byHost = new LinkedHashMap<>();
        for (NcclTestsDevice d : t.devices()) {
            if (d.host() != null) byHost.computeIfAbsent(d.host(), k -> new ArrayList<>()).add(d);
        }
        if (byHost.size() < 2) return;
        AspectSeries ranks = new AspectSeries("ranks", TESTS);
        AspectSeries models = new AspectSeries("models", TESTS);
        byHost.forEach((host, ds) -> {
            List<Quote> lines = List.of(Quote.of(a, ds.get(0).line()));
            ranks.byNode.put(host, AspectSeries.Fact.count(ds.size(), lines));
            String profile = AspectSeries.modelProfile(ds.stream().map(NcclTestsDevice::name));
            if (profile != null) models.byNode.put(host, new AspectSeries.Fact(profile, null, lines));
        });
        Set<String> odd = AspectSeries.compare(ranks, out);
        models.byNode.keySet().removeAll(odd);
        AspectSeries.compare(models, out);
    }

    /**
     * NCCL log ranks per host, for each communicator whose every rank the log shows (a log cut short shows some
     * ranks of some hosts only, which says nothing about the job).
     */
    private static void acrossLogHosts(Artifact a, NcclLog l, MergedFindings out) {
        if (l.ranks().size() < 2) return;
        Map<String, List<NcclRank>> byComm = new LinkedHashMap<>();
        for (NcclRank r : l.ranks()) {
            String comm = r.commId() != null ? r.commId() : r.comm();
            if (comm == null || r.nranks() == null || r.host() == null) continue;
            byComm.computeIfAbsent(comm, k -> new ArrayList<>()).add(r);
        }
        for (List<NcclRank> rs : byComm.values()) {
            if (rs.stream().map(NcclRank::rank).distinct().count() != rs.get(0).nranks()) continue;
            Map<String, Set<Integer>> byHost = new LinkedHashMap<>();
            Map<String, NcclRank> firstOf = new LinkedHashMap<>();
            for (NcclRank r : rs) {
                byHost.computeIfAbsent(r.host(), k -> new HashSet<>()).add(r.rank());
                firstOf.putIfAbsent(r.host(), r);
            }
            if (byHost.size() < 2) continue;
            AspectSeries ranks = new AspectSeries("ranks", LOG);
            byHost.forEach((host, set) -> {
                NcclRank r = firstOf.get(host);
                ranks.byNode.put(host, AspectSeries.Fact.count(set.size(), List.of(Quote.of(a, r.line(), r.asPrinted()))));
            });
            AspectSeries.compare(ranks, out);
        }
    }
}

package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.TransportTerms;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * {@code NET_IB_DISABLED_BY_ENV}: did the environment switch InfiniBand off ({@code NCCL_IB_DISABLE=1},
 * {@code NCCL_NET=Socket})? One finding per job; a warning where the job spans nodes and an RDMA port is up.
 */
final class IbDisabledByEnvCheck {

    static final String CODE = "NET_IB_DISABLED_BY_ENV";

    private IbDisabledByEnvCheck() {
    }

    /** {@return the setting that switches IB off for the job; null when none (the socket fallback is then unexplained)} */
    static LogFact<EnvSetting> disablingSetting(TransportJob job) {
        if (job.envOn("NCCL_IB_DISABLE")) return job.env.get("NCCL_IB_DISABLE");
        if (TransportTerms.isSocket(job.env("NCCL_NET"))) return job.env.get("NCCL_NET");
        return null;
    }

    static void check(TransportJob job, ClusterHardware hw, MergedFindings out) {
        LogFact<EnvSetting> at = disablingSetting(job);
        if (at == null) return;
        String env = TransportJob.setting(at);
        JobRdma r = JobRdma.of(job, hw);
        String key;
        if (job.span == TransportJob.Span.MULTI_NODE) {
            key = r.active() ? "ibdisabled.multi.active" : r.allNone() ? "ibdisabled.multi.none" : "ibdisabled.multi";
        } else if (job.span == TransportJob.Span.SINGLE_NODE) {
            key = "ibdisabled.single";
        } else {
            key = r.active() ? "ibdisabled.unknown.active" : "ibdisabled.unknown";
        }
        // A warning when RDMA may be lost: across nodes unless no node has any, else beside an active port.
        boolean warn = job.span == TransportJob.Span.MULTI_NODE ? !r.allNone()
                : job.span != TransportJob.Span.SINGLE_NODE && r.active();
        FindingSeverity sev = warn ? FindingSeverity.WARNING : FindingSeverity.INFO;
        List<Object> args = new ArrayList<>(Arrays.asList("hosts", job.where(), "env", env));
        if (r.active()) Collections.addAll(args, "hcas", String.join(", ", r.devices), "rdmaNode", r.node);
        // Quoted only if the finding shows them: it shows a few of a big job's hosts.
        List<Quote> ev = new ArrayList<>(List.of(at.toQuote()));
        for (HostFacts h : job.hosts()) {
            if (!h.networks.isEmpty()) ev.add(h.networks.get(0).toQuote());
        }
        for (EvidenceLine l : r.lines) ev.add(Quote.of(l));
        out.addListed(TransportAnalyzer.HOSTS, null, null, CODE, sev, Subject.JOB.withNode(job.onlyHost()),
                TransportAnalyzer.detail(key, args.toArray()), ev,
                "env", env, "hca", String.join(",", r.devices), "node", job.onlyHost());
    }

    /** The RDMA state of a job's hosts together: the first host with an active port, or whether all have none. */
    private record JobRdma(boolean active, boolean allNone, List<String> devices, String node, List<EvidenceLine> lines) {
        static JobRdma of(TransportJob job, ClusterHardware hw) {
            boolean allNone = !job.noHosts();
            for (HostFacts h : job.hosts()) {
                ClusterHardware.RdmaState r = hw.rdma(h.name, job.alone());
                if (r.state() == ClusterHardware.Rdma.ACTIVE) return new JobRdma(true, false, r.active(), h.name, r.lines());
                if (r.state() != ClusterHardware.Rdma.NONE) allNone = false;
            }
            return new JobRdma(false, allNone, List.of(), null, List.of());
        }
    }
}

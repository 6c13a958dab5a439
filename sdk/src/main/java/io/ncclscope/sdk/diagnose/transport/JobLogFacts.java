package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclLogParser;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.parsers.nccl.NcclTransport;
import io.ncclscope.parsers.nccl.NetworkChoice;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One NCCL job as the whole evidence shows it, every fact of its logs kept: what {@link TransportChoices} reports per
 * host. The checks read the compact {@link TransportJob} instead. Built once per call; not shared between threads.
 */
final class JobLogFacts {

    /**
     * One NCCL log: an nccl-log artifact, or the NCCL lines inside an nccl-tests artifact.
     *
     * @param testsMultiNode for NCCL lines inside an nccl-tests output, that output's own multi-node verdict; else null
     */
    record LogSource(Artifact artifact, NcclLog log, Boolean testsMultiNode) {
    }

    /** A record of a log with the log it came from. */
    record LogFact<T>(LogSource src, T value) {
        /** {@return the record's line as the artifact has it, else the parser's copy} */
        EvidenceLine quote(int line) {
            return src.artifact().quote(line, Quoted.fallback(value));
        }
    }

    /** The facts of one host. */
    static final class Host {
        final String name;
        final List<LogFact<NcclInterface>> interfaces = new ArrayList<>();
        final List<LogFact<NetworkChoice>> networks = new ArrayList<>();
        final List<LogFact<NcclTransport>> transports = new ArrayList<>();
        final List<LogFact<NcclEvent>> events = new ArrayList<>();
        final List<LogFact<IbDevice>> ibDevices = new ArrayList<>();

        Host(String name) {
            this.name = name;
        }
    }

    /** Hosts in order of appearance; a log without host prefixes contributes its artifact's node, or {@code null}. */
    final Map<String, Host> hosts = new LinkedHashMap<>();
    /** NCCL variables: the first setting of each name (NCCL's own lines before the command line's). */
    final Map<String, LogFact<EnvSetting>> env = new LinkedHashMap<>();
    /** Rank to host, from the rank lines (ranks of the largest communicator win). */
    final Map<Integer, String> rankHost = new HashMap<>();

    private JobLogFacts(List<LogSource> srcs) {
        for (LogSource s : srcs) index(s);
    }

    /** The jobs of {@code evidence}: nccl-log artifacts and nccl-tests artifacts that carry NCCL debug lines. */
    static List<JobLogFacts> of(Evidence evidence) {
        List<LogSource> srcs = sources(evidence);
        // Logs of one communicator written per node (NCCL_DEBUG_FILE, one file per host) are one job.
        List<JobLogFacts> out = new ArrayList<>();
        for (List<LogSource> g : TransportJob.byCommunicator(srcs, s -> s.log().ranks().stream().map(NcclRank::commId).toList())) {
            out.add(new JobLogFacts(g));
        }
        return out;
    }

    static List<LogSource> sources(Evidence evidence) {
        List<LogSource> out = new ArrayList<>();
        for (Artifact a : evidence.artifacts()) {
            Object d = a.result().data();
            if (d instanceof NcclLog l) {
                out.add(new LogSource(a, l, null));
            } else if (d instanceof NcclTestsData t) {
                LogSource s = source(a, t);
                if (s != null) out.add(s);
            }
        }
        return out;
    }

    /** {@return the NCCL debug lines of an nccl-tests output as a log; null when it has none} */
    static LogSource source(Artifact a, NcclTestsData t) {
        // The nccl-tests parser counts the NCCL debug lines it skips; read them as a log (line numbers kept).
        if (t.ncclLogLines() == 0 || !a.hasText()) return null;
        NcclLog log = reparse(a);
        return log == null ? null : new LogSource(a, log, t.multiNode());
    }

    private static NcclLog reparse(Artifact a) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; ; i++) {
            var l = a.line(i);
            if (l.isEmpty()) break;
            sb.append(l.get()).append('\n');
        }
        try {
            ParseResult<NcclLog> r = new NcclLogParser().parse(new StringReader(sb.toString()), ParseLimits.DEFAULTS);
            return r.data();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String defaultHost(LogSource s) {
        if (s.log().hosts().size() == 1) return s.log().hosts().get(0);
        return s.artifact().node().orElse(null);
    }

    private Host host(LogSource s, String lineHost) {
        String h = lineHost != null ? lineHost : defaultHost(s);
        return hosts.computeIfAbsent(h, Host::new);
    }

    private void index(LogSource s) {
        NcclLog l = s.log();
        for (String h : l.hosts()) hosts.computeIfAbsent(h, Host::new);
        for (NcclInterface i : l.interfaces()) host(s, i.host()).interfaces.add(new LogFact<>(s, i));
        for (NetworkChoice c : l.networks()) host(s, c.host()).networks.add(new LogFact<>(s, c));
        for (NcclTransport t : l.transports()) host(s, t.host()).transports.add(new LogFact<>(s, t));
        for (NcclEvent e : l.events()) host(s, e.host()).events.add(new LogFact<>(s, e));
        for (IbDevice d : l.ibDevices()) host(s, d.host()).ibDevices.add(new LogFact<>(s, d));
        int largest = 0;
        for (NcclRank r : l.ranks()) {
            host(s, r.host());
            if (r.nranks() != null) largest = Math.max(largest, r.nranks());
        }
        for (NcclRank r : l.ranks()) {
            String h = r.host() != null ? r.host() : defaultHost(s);
            if (h != null && (r.nranks() == null || r.nranks() == largest)) rankHost.putIfAbsent(r.rank(), h);
        }
        // NCCL's own "X set by environment to Y" lines first: they say what the process really saw.
        for (EnvSetting e : l.envSettings()) if ("nccl".equals(e.origin())) env.putIfAbsent(e.name(), new LogFact<>(s, e));
        for (EnvSetting e : l.envSettings()) env.putIfAbsent(e.name(), new LogFact<>(s, e));
    }

    /** The value of an NCCL variable; null when not set. */
    String env(String name) {
        LogFact<EnvSetting> e = env.get(name);
        return e == null ? null : e.value().value();
    }

    /** True when an NCCL variable is set to a true integer ({@code 1}, {@code 2}...), NCCL's reading of booleans. */
    boolean envOn(String name) {
        return NcclTerms.on(env(name));
    }
}

package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an NCCL debug log says: version, ranks, network and interfaces, transports, warnings, errors and the launcher's
 * error reports around them. Every list is capped ({@link NcclLogParser} names the caps); a {@code ...Dropped} counter
 * says how many lines were not kept once a cap was reached. Repeated facts are kept once with a count.
 *
 * @param ncclVersion        the NCCL version NCCL printed ({@code 2.18.5}); else the one PyTorch reported; nullable
 * @param cudaVersion        the CUDA version of the NCCL build ({@code 12.2} of {@code +cuda12.2}); nullable
 * @param cudaDriverVersion  {@code cudaDriverVersion 13000}; nullable
 * @param versions           every distinct version printed, by NCCL or PyTorch (more than one NCCL version: a mismatch)
 * @param network            the first {@code Using network X}: {@code IB}, {@code Socket}, {@code IBext_v8}, {@code AWS Libfabric}...; nullable
 * @param networks           each distinct network per host
 * @param netPlugin          the net plugin outcome; null when no plugin line was printed
 * @param ranks              communicator ranks
 * @param ranksDropped       rank lines not kept after the cap
 * @param hosts              hosts seen in NCCL line prefixes, in order of appearance
 * @param processes          processes seen in NCCL line prefixes
 * @param pidHosts           process id to host ({@code "946": "vm"}); the first host when a pid repeats on two hosts
 * @param interfaces         bootstrap, socket and OOB interfaces
 * @param ibDevices          RDMA devices from the {@code NET/IB : Using} lists
 * @param transports         channel connections
 * @param transportLines     transport lines read in all
 * @param transportsDropped  transport lines of new connections not kept after the cap
 * @param transportVia       how many transport lines used each {@code via} ({@code "P2P/CUMEM/read": 96})
 * @param rings              ring order listings
 * @param channels           the most channels a ring listing announced ({@code Channel 00/64}); nullable
 * @param channelCounts      the {@code N coll channels, ...} line; nullable
 * @param trees              {@code Trees} lines
 * @param environment        NCCL variables by name (first value seen), from NCCL's lines and the command line
 * @param envSettings        each distinct variable setting, with its origin and line
 * @param command            the command line a capture starts with ({@code $ env NCCL_DEBUG=INFO torchrun ...}); nullable
 * @param warnings           NCCL WARN lines
 * @param warningsDropped    WARN lines not kept after the cap
 * @param events             structured events (every WARN and notable INFO lines)
 * @param eventsDropped      event lines not kept after the cap
 * @param eventCounts        lines per event kind, counted over the whole log
 * @param duplicateGpus      duplicate GPU reports
 * @param ibCompletionErrors IB work completion errors
 * @param launcherErrors     PyTorch / torchrun error reports
 * @param launcherErrorsDropped launcher reports not kept after the cap
 * @param lines              lines read
 * @param ncclLines          lines with an NCCL prefix (INFO, WARN, TRACE, version)
 * @param infoLines          NCCL INFO lines
 * @param warnLines          NCCL WARN lines
 * @param traceLines         NCCL TRACE and CALL lines
 * @param hangReports        PyTorch's lines about where the ranks of a hang stood (monitored barrier, mismatch, dump
 *                           signal, heartbeat)
 * @param hangReportsDropped hang reports not kept after the cap
 */
public record NcclLog(String ncclVersion, String cudaVersion, Integer cudaDriverVersion, List<VersionSeen> versions,
                      String network, List<NetworkChoice> networks, NetPlugin netPlugin,
                      List<NcclRank> ranks, long ranksDropped, List<String> hosts, List<NcclProcess> processes,
                      Map<String, String> pidHosts, List<NcclInterface> interfaces, List<IbDevice> ibDevices,
                      List<NcclTransport> transports, long transportLines, long transportsDropped,
                      Map<String, Long> transportVia, List<NcclRing> rings, Integer channels, ChannelCounts channelCounts,
                      List<NcclTrees> trees, Map<String, String> environment, List<EnvSetting> envSettings, String command,
                      List<NcclWarning> warnings, long warningsDropped, List<NcclEvent> events, long eventsDropped,
                      Map<String, Long> eventCounts, List<DuplicateGpu> duplicateGpus,
                      List<IbCompletionError> ibCompletionErrors, List<LauncherError> launcherErrors,
                      long launcherErrorsDropped, long lines, long ncclLines, long infoLines, long warnLines,
                      long traceLines, List<HangReport> hangReports, long hangReportsDropped) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param ncclVersion        the NCCL version NCCL printed ({@code 2.18.5}); else the one PyTorch reported; nullable
     * @param cudaVersion        the CUDA version of the NCCL build ({@code 12.2} of {@code +cuda12.2}); nullable
     * @param cudaDriverVersion  {@code cudaDriverVersion 13000}; nullable
     * @param versions           every distinct version printed, by NCCL or PyTorch (more than one NCCL version: a mismatch)
     * @param network            the first {@code Using network X}: {@code IB}, {@code Socket}, {@code IBext_v8}, {@code AWS Libfabric}...; nullable
     * @param networks           each distinct network per host
     * @param netPlugin          the net plugin outcome; null when no plugin line was printed
     * @param ranks              communicator ranks
     * @param ranksDropped       rank lines not kept after the cap
     * @param hosts              hosts seen in NCCL line prefixes, in order of appearance
     * @param processes          processes seen in NCCL line prefixes
     * @param pidHosts           process id to host ({@code "946": "vm"}); the first host when a pid repeats on two hosts
     * @param interfaces         bootstrap, socket and OOB interfaces
     * @param ibDevices          RDMA devices from the {@code NET/IB : Using} lists
     * @param transports         channel connections
     * @param transportLines     transport lines read in all
     * @param transportsDropped  transport lines of new connections not kept after the cap
     * @param transportVia       how many transport lines used each {@code via} ({@code "P2P/CUMEM/read": 96})
     * @param rings              ring order listings
     * @param channels           the most channels a ring listing announced ({@code Channel 00/64}); nullable
     * @param channelCounts      the {@code N coll channels, ...} line; nullable
     * @param trees              {@code Trees} lines
     * @param environment        NCCL variables by name (first value seen), from NCCL's lines and the command line
     * @param envSettings        each distinct variable setting, with its origin and line
     * @param command            the command line a capture starts with ({@code $ env NCCL_DEBUG=INFO torchrun ...}); nullable
     * @param warnings           NCCL WARN lines
     * @param warningsDropped    WARN lines not kept after the cap
     * @param events             structured events (every WARN and notable INFO lines)
     * @param eventsDropped      event lines not kept after the cap
     * @param eventCounts        lines per event kind, counted over the whole log
     * @param duplicateGpus      duplicate GPU reports
     * @param ibCompletionErrors IB work completion errors
     * @param launcherErrors     PyTorch / torchrun error reports
     * @param launcherErrorsDropped launcher reports not kept after the cap
     * @param lines              lines read
     * @param ncclLines          lines with an NCCL prefix (INFO, WARN, TRACE, version)
     * @param infoLines          NCCL INFO lines
     * @param warnLines          NCCL WARN lines
     * @param traceLines         NCCL TRACE and CALL lines
     * @param hangReports        PyTorch's lines about where the ranks of a hang stood
     * @param hangReportsDropped hang reports not kept after the cap
     */
    public NcclLog {
        versions = List.copyOf(versions);
        networks = List.copyOf(networks);
        ranks = List.copyOf(ranks);
        hosts = List.copyOf(hosts);
        processes = List.copyOf(processes);
        pidHosts = Collections.unmodifiableMap(new LinkedHashMap<>(pidHosts));
        interfaces = List.copyOf(interfaces);
        ibDevices = List.copyOf(ibDevices);
        transports = List.copyOf(transports);
        transportVia = Collections.unmodifiableMap(new LinkedHashMap<>(transportVia));
        rings = List.copyOf(rings);
        trees = List.copyOf(trees);
        environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        envSettings = List.copyOf(envSettings);
        warnings = List.copyOf(warnings);
        events = List.copyOf(events);
        eventCounts = Collections.unmodifiableMap(new LinkedHashMap<>(eventCounts));
        duplicateGpus = List.copyOf(duplicateGpus);
        ibCompletionErrors = List.copyOf(ibCompletionErrors);
        launcherErrors = List.copyOf(launcherErrors);
        hangReports = List.copyOf(hangReports);
    }

    /**
     * {@return the launcher reports of one kind}
     *
     * @param kind a launcher error kind
     */
    public List<LauncherError> launcherErrors(LauncherErrorKind kind) {
        return launcherErrors.stream().filter(e -> e.kind() == kind).toList();
    }

    /**
     * {@return the events of one kind}
     *
     * @param kind an event kind
     */
    public List<NcclEvent> events(EventKind kind) {
        return events.stream().filter(e -> e.kind() == kind).toList();
    }

    /**
     * {@return the interfaces of one kind}
     *
     * @param kind an interface kind
     */
    public List<NcclInterface> interfaces(InterfaceKind kind) {
        return interfaces.stream().filter(i -> i.kind() == kind).toList();
    }

    /**
     * {@return whether every communicator the log initialised has one rank: nothing is exchanged, so NCCL never runs
     * the tuning that reads NCCL_ALGO and NCCL_PROTO (captured h200-1gpu-variants/nccl/bad-algo.log); false with none}
     */
    public boolean singleRankOnly() {
        return !ranks.isEmpty() && ranks.stream().allMatch(r -> r.nranks() != null && r.nranks() == 1);
    }

    /**
     * {@return whether this NCCL lets ranks share a GPU: 2.30 or later told so with {@code NCCL_MULTI_RANK_GPU_ENABLE=1}
     * (src/init.cc); false when the version is unknown}
     */
    public boolean multiRankGpuEnabled() {
        String v = environment.get("NCCL_MULTI_RANK_GPU_ENABLE");
        if (v == null || !v.trim().equals("1") || ncclVersion == null) return false;
        String[] p = ncclVersion.split("[.+]");
        Integer major = ToolValues.integer(p[0]);
        Integer minor = p.length > 1 ? ToolValues.integer(p[1]) : Integer.valueOf(0);
        return major != null && minor != null && (major > 2 || major == 2 && minor >= 30);
    }
}

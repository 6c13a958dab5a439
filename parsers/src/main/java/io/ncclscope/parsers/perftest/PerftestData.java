package io.ncclscope.parsers.perftest;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one perftest output held: the header box ({@code RDMA_Write BW Test}, device, link, MTU, GID index ...),
 * the address lines, the result table, and any errors. When an input holds several runs, the first is described
 * by the top-level components and the others by {@link #otherRuns()}. Components not printed are null.
 *
 * @param test               the title as printed, for example {@code RDMA_Write BW Test}; null when not printed
 * @param operation          the verb: WRITE, READ, SEND ... ({@code UNKNOWN} when no title was printed)
 * @param measure            BW or LAT ({@code UNKNOWN} when no title or table says)
 * @param tool               the binary, {@code ib_write_bw} ...; from the command line or derived from the title
 * @param bidirectional      the title says {@code Bidirectional} ({@code -b})
 * @param postList           the title says {@code Post List} ({@code -l N})
 * @param side               server or client, when the output shows it (server banner, command line); else null
 * @param command            the first perftest command line seen; null if none
 * @param device             RDMA device ({@code Device : mlx5_0})
 * @param transportType      {@code Transport type} (IB for both InfiniBand and RoCE)
 * @param linkType           {@code Link type}: {@code IB} or {@code Ethernet} (RoCE); {@code --force-link} can force it
 * @param connectionType     {@code Connection type}: RC, UC, UD, XRC, DC, SRD
 * @param mtu                active MTU in bytes ({@code Mtu : 4096[B]})
 * @param gidIndex           {@code GID index}; null when not printed (perftest omits the default)
 * @param qps                {@code Number of qps}
 * @param txDepth            {@code TX depth}
 * @param rxDepth            {@code RX depth}
 * @param cqModeration       {@code CQ Moderation}
 * @param postListSize       {@code Post List}
 * @param maxInlineData      {@code Max inline data} in bytes
 * @param outstandingReads   {@code Outstand reads} (read and atomic tests)
 * @param dualPort           {@code Dual-port}
 * @param useSrq             {@code Using SRQ}
 * @param pcieRelaxOrder     {@code PCIe relax order}: ON, OFF or Unsupported
 * @param ibvWrApi           {@code ibv_wr* API}: ON or OFF
 * @param rdmaCmQps          {@code rdma_cm QPs}
 * @param dataExchange       {@code Data ex. method}: {@code Ethernet} (TCP socket) or {@code rdma_cm}
 * @param header             every {@code key : value} of the header box as printed, in order
 * @param local              local address lines (one per QP)
 * @param remote             remote address lines
 * @param bwUnit             the table's BW unit as printed: {@code Gb/sec} ({@code --report_gbits}), {@code MB/sec} or
 *                           {@code MiB/sec} (2^20 bytes/s); null when no BW table was printed
 * @param rows               bandwidth rows
 * @param latencyRows        latency rows
 * @param bwPeakMeasured     false when perftest said {@code BW peak won't be measured in this run} (duration mode);
 *                           null otherwise
 * @param cuda               the CUDA set-up of a {@code --use_cuda} run; null otherwise
 * @param commands           every perftest command line seen
 * @param errors             errors, in order
 * @param notes              warnings and context lines kept
 * @param otherRuns          runs after the first
 * @param line               1-based line of the first run's title (or table header); 0 when there is none
 */
public record PerftestData(String test, Operation operation, Measure measure, String tool, boolean bidirectional,
                           boolean postList, Side side, String command, String device, String transportType,
                           String linkType, String connectionType, Integer mtu, Integer gidIndex, Integer qps,
                           Integer txDepth, Integer rxDepth, Integer cqModeration, Integer postListSize,
                           Integer maxInlineData, Integer outstandingReads, Boolean dualPort, Boolean useSrq,
                           String pcieRelaxOrder, String ibvWrApi, Boolean rdmaCmQps, String dataExchange,
                           Map<String, String> header, List<PerftestAddress> local, List<PerftestAddress> remote,
                           String bwUnit, List<PerftestBwRow> rows, List<PerftestLatRow> latencyRows,
                           Boolean bwPeakMeasured, CudaInfo cuda, List<PerftestCommand> commands,
                           List<PerftestError> errors, List<PerftestNote> notes, List<PerftestRun> otherRuns, int line) {
    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param test               the title as printed, for example {@code RDMA_Write BW Test}; null when not printed
     * @param operation          the verb: WRITE, READ, SEND ... ({@code UNKNOWN} when no title was printed)
     * @param measure            BW or LAT ({@code UNKNOWN} when no title or table says)
     * @param tool               the binary, {@code ib_write_bw} ...; from the command line or derived from the title
     * @param bidirectional      the title says {@code Bidirectional} ({@code -b})
     * @param postList           the title says {@code Post List} ({@code -l N})
     * @param side               server or client, when the output shows it (server banner, command line); else null
     * @param command            the first perftest command line seen; null if none
     * @param device             RDMA device ({@code Device : mlx5_0})
     * @param transportType      {@code Transport type} (IB for both InfiniBand and RoCE)
     * @param linkType           {@code Link type}: {@code IB} or {@code Ethernet} (RoCE); {@code --force-link} can force it
     * @param connectionType     {@code Connection type}: RC, UC, UD, XRC, DC, SRD
     * @param mtu                active MTU in bytes ({@code Mtu : 4096[B]})
     * @param gidIndex           {@code GID index}; null when not printed (perftest omits the default)
     * @param qps                {@code Number of qps}
     * @param txDepth            {@code TX depth}
     * @param rxDepth            {@code RX depth}
     * @param cqModeration       {@code CQ Moderation}
     * @param postListSize       {@code Post List}
     * @param maxInlineData      {@code Max inline data} in bytes
     * @param outstandingReads   {@code Outstand reads} (read and atomic tests)
     * @param dualPort           {@code Dual-port}
     * @param useSrq             {@code Using SRQ}
     * @param pcieRelaxOrder     {@code PCIe relax order}: ON, OFF or Unsupported
     * @param ibvWrApi           {@code ibv_wr* API}: ON or OFF
     * @param rdmaCmQps          {@code rdma_cm QPs}
     * @param dataExchange       {@code Data ex. method}: {@code Ethernet} (TCP socket) or {@code rdma_cm}
     * @param header             every {@code key : value} of the header box as printed, in order
     * @param local              local address lines (one per QP)
     * @param remote             remote address lines
     * @param bwUnit             the table's BW unit as printed: {@code Gb/sec} ({@code --report_gbits}), {@code MB/sec} or
     *         {@code MiB/sec} (2^20 bytes/s); null when no BW table was printed
     * @param rows               bandwidth rows
     * @param latencyRows        latency rows
     * @param bwPeakMeasured     false when perftest said {@code BW peak won't be measured in this run} (duration mode);
     *         null otherwise
     * @param cuda               the CUDA set-up of a {@code --use_cuda} run; null otherwise
     * @param commands           every perftest command line seen
     * @param errors             errors, in order
     * @param notes              warnings and context lines kept
     * @param otherRuns          runs after the first
     * @param line               1-based line of the first run's title (or table header); 0 when there is none
     */
    public PerftestData {
        header = Collections.unmodifiableMap(new LinkedHashMap<>(header));
        local = List.copyOf(local);
        remote = List.copyOf(remote);
        rows = List.copyOf(rows);
        latencyRows = List.copyOf(latencyRows);
        commands = List.copyOf(commands);
        errors = List.copyOf(errors);
        notes = List.copyOf(notes);
        otherRuns = List.copyOf(otherRuns);
    }
}

package io.ncclscope.parsers.perftest;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One perftest run beyond the first in the same input (two processes sharing a console, or fragments pasted
 * one after the other). The first run's figures are the top-level components of {@link PerftestData}; the
 * components here mean the same.
 *
 * @param test           the title as printed, for example {@code RDMA_Write BW Test}; null when only a table was pasted
 * @param operation      the verb
 * @param measure        bandwidth or latency
 * @param tool           the binary, for example {@code ib_write_bw}; null when not known
 * @param bidirectional  the title says {@code Bidirectional}
 * @param device         RDMA device ({@code Device})
 * @param linkType       {@code Link type}: {@code IB} or {@code Ethernet} (RoCE)
 * @param connectionType {@code Connection type}: RC, UC, UD, XRC, DC, SRD
 * @param mtu            active MTU in bytes ({@code Mtu : 4096[B]})
 * @param gidIndex       {@code GID index}; null when not printed (the default)
 * @param qps            {@code Number of qps}
 * @param header         every {@code key : value} of the header box, as printed, in order
 * @param local          local address lines
 * @param remote         remote address lines
 * @param bwUnit         the BW unit of the table header as printed ({@code Gb/sec}, {@code MB/sec}, {@code MiB/sec})
 * @param rows           bandwidth rows
 * @param latencyRows    latency rows
 * @param line           1-based line of the title (or of the table header when no title was printed)
 */
public record PerftestRun(String test, Operation operation, Measure measure, String tool, boolean bidirectional,
                          String device, String linkType, String connectionType, Integer mtu, Integer gidIndex,
                          Integer qps, Map<String, String> header, List<PerftestAddress> local,
                          List<PerftestAddress> remote, String bwUnit, List<PerftestBwRow> rows,
                          List<PerftestLatRow> latencyRows, int line) {
    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param test           the title as printed, for example {@code RDMA_Write BW Test}; null when only a table was pasted
     * @param operation      the verb
     * @param measure        bandwidth or latency
     * @param tool           the binary, for example {@code ib_write_bw}; null when not known
     * @param bidirectional  the title says {@code Bidirectional}
     * @param device         RDMA device ({@code Device})
     * @param linkType       {@code Link type}: {@code IB} or {@code Ethernet} (RoCE)
     * @param connectionType {@code Connection type}: RC, UC, UD, XRC, DC, SRD
     * @param mtu            active MTU in bytes ({@code Mtu : 4096[B]})
     * @param gidIndex       {@code GID index}; null when not printed (the default)
     * @param qps            {@code Number of qps}
     * @param header         every {@code key : value} of the header box, as printed, in order
     * @param local          local address lines
     * @param remote         remote address lines
     * @param bwUnit         the BW unit of the table header as printed ({@code Gb/sec}, {@code MB/sec}, {@code MiB/sec})
     * @param rows           bandwidth rows
     * @param latencyRows    latency rows
     * @param line           1-based line of the title (or of the table header when no title was printed)
     */
    public PerftestRun {
        header = Collections.unmodifiableMap(new LinkedHashMap<>(header));
        local = List.copyOf(local);
        remote = List.copyOf(remote);
        rows = List.copyOf(rows);
        latencyRows = List.copyOf(latencyRows);
    }
}

package io.ncclscope.parsers.nvsmi;

import static io.ncclscope.parsers.nvsmi.NvidiaSmiParser.normaliseColumn;
import static io.ncclscope.parsers.nvsmi.NvsmiValues.isNa;
import static io.ncclscope.parsers.nvsmi.NvsmiValues.leadingInt;
import static io.ncclscope.parsers.nvsmi.NvsmiValues.text;

import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.ToolValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code nvidia-smi --query-gpu=index,pci.bus_id,... --format=csv}: the header line names the columns (with
 * {@code noheader}, the echoed command does), then one row per GPU.
 */
final class QueryGpuCsvLines {

    private final NvsmiOutput out;
    /** The columns of the rows being read; null outside a CSV table. */
    private List<String> csvCols;
    private List<String> csvQuery;
    private boolean csvNoHeader;

    QueryGpuCsvLines(NvsmiOutput out) {
        this.out = out;
    }

    boolean active() {
        return csvCols != null;
    }

    void end() {
        csvCols = null;
        csvNoHeader = false;
    }

    /** A CSV header line: the columns of the rows after it. */
    void header(List<String> columns, int n) {
        csvCols = columns;
        csvNoHeader = false;
        out.source(NvsmiSource.QUERY_GPU_CSV, n);
    }

    /** An echoed {@code --query-gpu} command: its columns, which a {@code noheader} table's rows have. */
    void command(String cmd, int n) {
        csvQuery = null;
        for (String t : Paste.splitAtWhitespaceRuns(cmd)) {
            if (t.startsWith("--query-gpu=")) {
                List<String> q = new ArrayList<>();
                for (String c : t.substring("--query-gpu=".length()).split(",")) {
                    if (!c.isBlank()) q.add(normaliseColumn(c.replace("\"", "").replace("'", "")));
                }
                csvQuery = q;
            }
            if (t.startsWith("--format=") && t.contains("noheader")) csvNoHeader = true;
        }
        if (csvNoHeader) {
            if (csvQuery == null || csvQuery.isEmpty()) {
                csvNoHeader = false;
                out.w.warn(n, "CSV without header and without a readable --query-gpu list: columns unknown", ToolValues.excerpt(cmd));
            } else {
                csvCols = csvQuery;
            }
        }
    }

    // ------------------------------------------------------------ --query-gpu csv

    boolean csvRow(String s, int n) {
        List<String> cols = csvCols;
        String[] parts = s.split(",", -1);
        if (parts.length != cols.size()) {
            csvCols = null;
            csvNoHeader = false;
            return false;
        }
        Map<String, String> row = new LinkedHashMap<>();
        for (int i = 0; i < parts.length; i++) row.put(cols.get(i), parts[i].strip());
        Integer idx = leadingInt(row.get("index"));
        String busRaw = first(row, "pci.bus_id", "gpu_bus_id");
        String bus = isNa(busRaw) ? null : ToolValues.pciAddress(busRaw);
        String uuid = text(first(row, "uuid", "gpu_uuid"));
        out.source(NvsmiSource.QUERY_GPU_CSV, n);
        String dv = text(row.get("driver_version"));
        if (dv != null && out.driver == null) out.driver = dv;
        GpuFacts g = out.gpu(idx, bus, uuid, n);
        if (g.csv == null) g.csv = new LinkedHashMap<>();
        g.csv.putAll(row);
        for (Map.Entry<String, String> e : row.entrySet()) {
            g.setCsvColumn(e.getKey(), e.getValue(), n);
        }
        return true;
    }

    private static String first(Map<String, String> row, String a, String b) {
        String v = row.get(a);
        return v != null ? v : row.get(b);
    }
}

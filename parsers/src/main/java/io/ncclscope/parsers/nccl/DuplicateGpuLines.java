package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.LineRegions.numberAt;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_DUPLICATE_GPUS;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** NCCL's {@code Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 60}, wherever it is printed. */
final class DuplicateGpuLines {

    private final Map<String, DuplicateGpuEntry> duplicates = new LinkedHashMap<>();

    /** {@code Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 60}. */
    DuplicateGpuEntry duplicate(String s, int from, String host, int no) {
        Integer rank = null;
        Integer other = null;
        String raw = null;
        int d = s.indexOf("Duplicate GPU detected", from);
        if (d >= 0) {
            int r = s.indexOf("rank ", d);
            int a = s.indexOf(" and rank ", d);
            int c = s.indexOf("CUDA device ", d);
            if (r >= 0) rank = ToolValues.integer(numberAt(s, r + 5));
            if (a >= 0) other = ToolValues.integer(numberAt(s, a + 10));
            if (c >= 0) {
                int e = c + 12;
                while (e < s.length() && Character.digit(s.charAt(e), 16) >= 0) e++;
                raw = e > c + 12 ? s.substring(c + 12, e) : null;
            }
        }
        String key = rank + "|" + other + "|" + raw;
        DuplicateGpuEntry b = duplicates.get(key);
        if (b != null) {
            b.count++;
            return b;
        }
        if (duplicates.size() >= MAX_DUPLICATE_GPUS) return null;
        b = new DuplicateGpuEntry();
        b.rank = rank;
        b.other = other;
        b.raw = raw;
        b.host = host;
        b.line = no;
        b.count = 1;
        duplicates.put(key, b);
        return b;
    }

    boolean isEmpty() {
        return duplicates.isEmpty();
    }

    /** The duplicates in line order. */
    List<DuplicateGpu> duplicates() {
        List<DuplicateGpu> dups = new ArrayList<>(duplicates.size());
        for (DuplicateGpuEntry d : duplicates.values()) {
            dups.add(new DuplicateGpu(d.rank, d.other, d.raw == null ? null : ToolValues.ncclInt64BusId(d.raw), d.raw, d.host, d.line,
                    d.count));
        }
        // Not Comparator.comparingInt: the JDK's lambda there is serializable, spun at its first call in every run.
        dups.sort((a, b) -> Integer.compare(a.line(), b.line()));
        return dups;
    }
}

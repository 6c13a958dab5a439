package io.ncclscope.parsers.flightrec;

import io.ncclscope.parsers.internal.Warnings;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Turns the plain value tree of a dump (from JSON or the restricted pickle reader) into the records. */
final class DumpReading {

    private DumpReading() {
    }

    static FlightRecorderDump empty(boolean pickled) {
        return new FlightRecorderDump(null, pickled, null, List.of(), List.of(), List.of(), 0);
    }

    static FlightRecorderDump read(Object root, boolean pickled, Warnings w) {
        if (!(root instanceof Map<?, ?> m)) {
            if (root != null) w.error(0, "the dump is not a dictionary", "");
            return empty(pickled);
        }
        String version = text(m.get("version"));
        if (version == null) w.warn(0, "the dump has no \"version\"", "");
        String lib = text(m.get("comm_lib_version"));
        if (lib == null) lib = text(m.get("nccl_version"));
        List<ProcessGroupConfig> groups = new ArrayList<>();
        if (m.get("pg_config") instanceof Map<?, ?> pc) {
            for (Map.Entry<?, ?> e : pc.entrySet()) {
                if (groups.size() >= 4096) break;
                if (e.getValue() instanceof Map<?, ?> g) {
                    String name = text(g.get("name"));
                    groups.add(new ProcessGroupConfig(name != null ? name : String.valueOf(e.getKey()), text(g.get("desc")),
                            text(g.get("ranks"))));
                }
            }
        }
        List<ProcessGroupStatus> status = new ArrayList<>();
        if (m.get("pg_status") instanceof Map<?, ?> ps) {
            for (Map.Entry<?, ?> e : ps.entrySet()) {
                if (status.size() >= 4096) break;
                if (e.getValue() instanceof Map<?, ?> s) {
                    status.add(new ProcessGroupStatus(String.valueOf(e.getKey()), number(s.get("last_enqueued_collective")),
                            number(s.get("last_started_collective")), number(s.get("last_completed_collective"))));
                }
            }
        }
        EntryTable.Builder entries = new EntryTable.Builder();
        int kept = 0;
        int dropped = 0;
        Object es = m.get("entries");
        if (es instanceof List<?> list) {
            int index = 0;
            for (Object o : list) {
                index++;
                if (!(o instanceof Map<?, ?> e)) {
                    w.warn(0, "entry " + index + " is not a dictionary; skipped", "");
                    continue;
                }
                if (kept >= FlightRecorderParser.MAX_ENTRIES) {
                    dropped++;
                    continue;
                }
                kept++;
                entry(index, e, entries, w);
            }
        } else if (es != null) {
            w.warn(0, "\"entries\" is not a list", "");
        }
        if (dropped > 0) w.warn(0, dropped + " entries past " + FlightRecorderParser.MAX_ENTRIES + " were not kept", "");
        return new FlightRecorderDump(version, pickled, lib, groups, status, entries.build(), dropped);
    }

    /** Reads one entry into the table: one pass over its keys, whatever their order. */
    private static void entry(int index, Map<?, ?> e, EntryTable.Builder t, Warnings w) {
        t.start(index, -1);
        boolean hasRecord = false;
        if (e instanceof PickleDict d) {
            for (int i = 0; i < d.size(); i++) hasRecord |= field(d.keyAt(i), d.valueAt(i), t);
        } else {
            for (Map.Entry<?, ?> f : e.entrySet()) hasRecord |= field(f.getKey(), f.getValue(), t);
        }
        if (!hasRecord) w.warn(0, "entry " + index + " has no record_id", "");
    }

    /** Sets one field of the entry being read; {@return true when it was a {@code record_id} number} */
    private static boolean field(Object key, Object value, EntryTable.Builder t) {
        if (!(key instanceof String k)) return false;
        switch (k) {
            case "record_id" -> {
                Long id = number(value);
                if (id == null) return false;
                t.recordId(id);
                return true;
            }
            case "process_group" -> {
                if (value instanceof List<?> l) {
                    t.shared(EntryTable.GROUP, l.isEmpty() ? null : text(l.get(0)));
                    t.shared(EntryTable.GROUP_DESC, l.size() > 1 ? text(l.get(1)) : null);
                } else {
                    t.shared(EntryTable.GROUP, text(value));
                    t.shared(EntryTable.GROUP_DESC, null);
                }
            }
            case "pg_id" -> t.number(EntryTable.PG_ID, number(value));
            case "collective_seq_id" -> t.number(EntryTable.SEQ, number(value));
            case "p2p_seq_id" -> t.number(EntryTable.P2P_SEQ, number(value));
            case "op_id" -> t.number(EntryTable.OP_ID, number(value));
            case "profiling_name" -> t.shared(EntryTable.NAME, text(value));
            case "input_sizes" -> t.shared(EntryTable.IN_SIZES, sizes(value));
            case "output_sizes" -> t.shared(EntryTable.OUT_SIZES, sizes(value));
            case "input_dtypes" -> t.shared(EntryTable.IN_TYPES, List.copyOf(FlightRecorderParser.strings(value)));
            case "output_dtypes" -> t.shared(EntryTable.OUT_TYPES, List.copyOf(FlightRecorderParser.strings(value)));
            case "state" -> t.shared(EntryTable.STATE, text(value));
            case "time_created_ns" -> t.number(EntryTable.CREATED, number(value));
            case "time_discovered_started_ns" -> t.number(EntryTable.STARTED, positive(number(value)));
            case "time_discovered_completed_ns" -> t.number(EntryTable.COMPLETED, positive(number(value)));
            case "duration_ms" -> t.duration(value instanceof Number x ? x.doubleValue() : null);
            case "timeout_ms" -> t.number(EntryTable.TIMEOUT, number(value));
            case "is_p2p" -> t.p2p(bool(value));
            case "retired" -> t.retired(bool(value));
            case "frames" -> t.shared(EntryTable.FRAMES, frames(value));
            default -> {
                // a field this reader does not keep
            }
        }
        return false;
    }

    /** {@return the shapes, immutable} */
    private static List<List<Long>> sizes(Object o) {
        if (!(o instanceof List<?> l)) return List.of();
        // Built straight into arrays: a dump has two of these per entry, most of one shape of one dimension.
        int n = Math.min(64, l.size());
        @SuppressWarnings("unchecked")
        List<Long>[] out = new List[n];
        Long[] dims = new Long[16];
        for (int i = 0; i < n; i++) {
            int d = 0;
            if (l.get(i) instanceof List<?> s) {
                for (Object x : s) {
                    Long v = number(x);
                    if (v != null && d < 16) dims[d++] = v;
                }
            }
            out[i] = d == 1 ? List.of(dims[0]) : List.of(Arrays.copyOf(dims, d));
        }
        return List.of(out);
    }

    /** {@return the first frames, immutable} */
    private static List<String> frames(Object o) {
        if (!(o instanceof List<?> l)) return List.of();
        List<String> out = new ArrayList<>();
        for (Object f : l) {
            if (out.size() >= FlightRecorderParser.MAX_FRAMES) break;
            if (f instanceof Map<?, ?> m) {
                out.add(text(m.get("name")) + " (" + text(m.get("filename")) + ":" + number(m.get("line")) + ")");
            }
        }
        return List.copyOf(out);
    }

    private static Long positive(Long v) {
        return v == null || v <= 0 ? null : v;
    }

    static String text(Object o) {
        if (o instanceof String s) return s.length() > 512 ? s.substring(0, 512) : s;
        if (o instanceof Long || o instanceof Integer || o instanceof Double || o instanceof Boolean) return String.valueOf(o);
        if (o instanceof byte[] b) return new String(b, 0, Math.min(b.length, 512), java.nio.charset.StandardCharsets.UTF_8);
        return null;
    }

    static Long number(Object o) {
        if (o instanceof Long l) return l;
        if (o instanceof Integer i) return (long) i;
        if (o instanceof BigInteger b) return b.bitLength() < 64 ? b.longValue() : null;
        if (o instanceof Double d && !d.isNaN() && !d.isInfinite()) return d.longValue();
        if (o instanceof String s) {
            try {
                return Long.parseLong(s.trim());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    private static Boolean bool(Object o) {
        if (o instanceof Boolean b) return b;
        if (o instanceof Long l) return l != 0;
        return null;
    }
}

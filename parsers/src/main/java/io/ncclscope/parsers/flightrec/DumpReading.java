package io.ncclscope.parsers.flightrec;

import io.ncclscope.parsers.internal.Warnings;
import java.math.BigInteger;
import java.util.ArrayList;
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
        List<FlightRecorderEntry> entries = new ArrayList<>();
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
                if (entries.size() >= FlightRecorderParser.MAX_ENTRIES) {
                    dropped++;
                    continue;
                }
                entries.add(entry(index, e, w));
            }
        } else if (es != null) {
            w.warn(0, "\"entries\" is not a list", "");
        }
        if (dropped > 0) w.warn(0, dropped + " entries past " + FlightRecorderParser.MAX_ENTRIES + " were not kept", "");
        return new FlightRecorderDump(version, pickled, lib, groups, status, entries, dropped);
    }

    private static FlightRecorderEntry entry(int index, Map<?, ?> e, Warnings w) {
        Long recordId = number(e.get("record_id"));
        if (recordId == null) w.warn(0, "entry " + index + " has no record_id", "");
        String pgName = null;
        String pgDesc = null;
        Object pg = e.get("process_group");
        if (pg instanceof List<?> l) {
            if (!l.isEmpty()) pgName = text(l.get(0));
            if (l.size() > 1) pgDesc = text(l.get(1));
        } else {
            pgName = text(pg);
        }
        Long started = positive(number(e.get("time_discovered_started_ns")));
        Long completed = positive(number(e.get("time_discovered_completed_ns")));
        Object d = e.get("duration_ms");
        Double duration = d instanceof Number x ? x.doubleValue() : null;
        return new FlightRecorderEntry(index, recordId == null ? -1 : recordId, number(e.get("pg_id")), pgName, pgDesc,
                number(e.get("collective_seq_id")), number(e.get("p2p_seq_id")), number(e.get("op_id")),
                text(e.get("profiling_name")), sizes(e.get("input_sizes")), sizes(e.get("output_sizes")),
                FlightRecorderParser.strings(e.get("input_dtypes")), FlightRecorderParser.strings(e.get("output_dtypes")),
                text(e.get("state")), number(e.get("time_created_ns")), started, completed, duration,
                number(e.get("timeout_ms")), bool(e.get("is_p2p")), bool(e.get("retired")), frames(e.get("frames")));
    }

    private static List<List<Long>> sizes(Object o) {
        List<List<Long>> out = new ArrayList<>();
        if (!(o instanceof List<?> l)) return out;
        for (Object shape : l) {
            if (out.size() >= 64) break;
            List<Long> dims = new ArrayList<>();
            if (shape instanceof List<?> s) {
                for (Object x : s) {
                    Long v = number(x);
                    if (v != null && dims.size() < 16) dims.add(v);
                }
            }
            out.add(dims);
        }
        return out;
    }

    private static List<String> frames(Object o) {
        List<String> out = new ArrayList<>();
        if (!(o instanceof List<?> l)) return out;
        for (Object f : l) {
            if (out.size() >= FlightRecorderParser.MAX_FRAMES) break;
            if (f instanceof Map<?, ?> m) {
                out.add(text(m.get("name")) + " (" + text(m.get("filename")) + ":" + number(m.get("line")) + ")");
            }
        }
        return out;
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

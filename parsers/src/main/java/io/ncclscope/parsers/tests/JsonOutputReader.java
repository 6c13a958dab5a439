package io.ncclscope.parsers.tests;

import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.json.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps the {@code -J} JSON (format versions 1 to 3, nccl-tests 2.17.5+) onto the same records as the text table: its
 * {@code config} (options and devices), {@code results} (rows), {@code out_of_bounds}, {@code average_bus_bandwidth}
 * and {@code errors}. Each record gets the line of the JSON text it was read from.
 */
final class JsonOutputReader {

    private final Warnings w;
    /** What was read from the lines before the JSON object (a command line, NCCL lines). */
    private final TextOutputReader before;
    private String text;
    private int baseLine;
    private int[] newlines;

    JsonOutputReader(Warnings w, TextOutputReader before) {
        this.w = w;
        this.before = before;
    }

    NcclTestsData read(String json, int firstLine) {
        this.text = json;
        this.baseLine = firstLine;
        Object root;
        try {
            root = Json.parse(json);
        } catch (Json.JsonException e) {
            // nccl-tests writes doubles with %lf, so an infinite bandwidth comes out as a bare inf.
            String fixed = json.replaceAll("([:\\[,]\\s*)[-+]?inf(?=\\s*[,}\\]])", "$1null");
            try {
                root = Json.parse(fixed);
                w.warn(firstLine, "non-standard 'inf' values in the JSON were read as null", "");
                this.text = fixed;
            } catch (Json.JsonException e2) {
                w.error(firstLine + Math.max(0, e.line() - 1), "malformed nccl-tests JSON: " + e.getMessage(), "");
                return before.finish(false);
            }
        } catch (RuntimeException e) {
            w.error(firstLine, "unreadable nccl-tests JSON: " + e.getMessage(), "");
            return before.finish(false);
        }
        if (!(root instanceof Map<?, ?> top) || !(top.containsKey("results") || top.containsKey("config"))) {
            w.error(firstLine, "no nccl-tests content found (a JSON object without config or results)", "");
            return before.finish(false);
        }
        indexNewlines();
        return read(top);
    }

    /** The data of a JSON report that has {@code config} or {@code results}. */
    private NcclTestsData read(Map<?, ?> top) {
        Integer jsonVersion = intOf(top.get("version"));
        String start = strOf(top.get("start_time"));
        String end = strOf(top.get("end_time"));
        List<String> args = strings(top.get("args"));
        List<String> env = strings(top.get("env"));
        Integer library = intOf(top.get("nccl_version"));
        String command = args.isEmpty() ? before.command : String.join(" ", args);
        String test = args.isEmpty() ? before.commandBinary : NcclTestsRecords.baseName(args.get(0));

        NcclTestsParams params = null;
        List<NcclTestsDevice> devices = new ArrayList<>();
        if (top.get("config") instanceof Map<?, ?> cfg) {
            params = params(cfg, args);
            readDevices(cfg, devices);
        }
        List<NcclTestsRow> rows = new ArrayList<>();
        boolean[] cpuAndPerIter = new boolean[2];
        if (top.get("results") instanceof List<?> rs) readRows(rs, rows, cpuAndPerIter);
        OutOfBounds oob = null;
        if (top.get("out_of_bounds") instanceof Map<?, ?> ob) {
            Long count = longOf(ob.get("count"));
            Boolean ok = boolOf(ob.get("okay"));
            if (count != null) oob = new OutOfBounds(count, ok != null ? ok : count == 0, lineOf("\"out_of_bounds\"", 0));
        }
        Double avg = null;
        Boolean avgFailed = null;
        Integer avgLine = null;
        Object ab = top.containsKey("average_bus_bandwidth") ? top.get("average_bus_bandwidth")
                : top.get("average_bus_bandwidith"); // spelled so by nccl-tests 2.17.5
        if (ab instanceof Map<?, ?> a) {
            Object bw = a.containsKey("bandwidth") ? a.get("bandwidth") : a.get("bandwidith");
            avg = dblOf(bw);
            Boolean ok = boolOf(a.get("okay"));
            avgFailed = ok == null ? null : !ok;
            avgLine = lineOf("\"average_bus_band", 0);
        }
        List<TestError> errors = errors(top.get("errors"));
        TableLayout layout = rows.isEmpty() ? null
                : new TableLayout(true, true, "#wrong", cpuAndPerIter[0], cpuAndPerIter[1], false, rows.get(0).line());
        if (rows.isEmpty()) w.warn(0, "no result rows", "");
        String ncclVersion = library != null ? NcclTestsParser.ncclVersionOf(library) : before.logNcclVersion;
        return NcclTestsRecords.assemble(SourceFormat.JSON, test, command, before.version, ncclVersion, null, library,
                jsonVersion, start, end, env, params, devices, layout, rows, oob, avg, avgFailed, avgLine, errors, null,
                before.notes, before.ncclWarnings, before.ncclLogLines, false, false);
    }

    /** The options in {@code config}. */
    private NcclTestsParams params(Map<?, ?> cfg, List<String> args) {
        int cfgLine = lineOf("\"config\"", 0);
        Long factor = longOf(cfg.get("step_factor"));
        return new NcclTestsParams(intOf(cfg.get("nthreads")), intOf(cfg.get("ngpus")),
                longOf(cfg.get("minimum_bytes")), longOf(cfg.get("maximum_bytes")), factor,
                longOf(cfg.get("step_bytes")), intOf(cfg.get("warmup_iters")), intOf(cfg.get("iterations")),
                intOf(cfg.get("aggregated_iterations")), intOf(cfg.get("validation")), intOf(cfg.get("graph")),
                intOf(cfg.get("unalign")), blockingMode(args, boolOf(cfg.get("blocking_collectives"))),
                boolOf(cfg.get("per_iter_timing")), intOf(cfg.get("per_iter_skip")),
                boolOf(cfg.get("parallel_init")), cfgLine);
    }

    /** The devices in {@code config}. */
    private void readDevices(Map<?, ?> cfg, List<NcclTestsDevice> devices) {
        int pos = 0;
        if (cfg.get("devices") instanceof List<?> ds) {
            for (Object o : ds) {
                if (!(o instanceof Map<?, ?> d)) continue;
                pos = next("\"rank\"", pos);
                devices.add(NcclTestsRecords.device(intOf(d.get("rank")), intOf(d.get("group")), intOf(d.get("pid")),
                        strOf(d.get("hostname")), intOf(d.get("device")), strOf(d.get("device_hex")),
                        strOf(d.get("device_info")), lineAt(pos)));
            }
        }
    }

    /** The rows of {@code results}; sets {@code cpuAndPerIter[0]} when a row has cpu times, [1] per-iteration figures. */
    private void readRows(List<?> rs, List<NcclTestsRow> rows, boolean[] cpuAndPerIter) {
        Map<String, String> words = new HashMap<>();
        int pos = 0;
        for (Object o : rs) {
            if (!(o instanceof Map<?, ?> r)) continue;
            pos = next("\"size\"", pos);
            int no = lineAt(pos);
            Long size = longOf(r.get("size"));
            if (size == null) {
                w.warn(no, "JSON result without a size was skipped", "");
                continue;
            }
            if (r.get("out_of_place") instanceof Map<?, ?> m && m.containsKey("cpu_time")) cpuAndPerIter[0] = true;
            if (r.containsKey("out_of_place_per_iter") || r.containsKey("in_place_per_iter")) cpuAndPerIter[1] = true;
            String redop = strOf(r.get("redop"));
            redop = redop == null || redop.isBlank() ? null : redop.strip();
            Integer rootRank = r.get("root") instanceof Number n ? Integer.valueOf(n.intValue())
                    : ToolValues.integer(strOf(r.get("root")));
            rows.add(new NcclTestsRow(size, longOf(r.get("count")), NcclTestsRecords.shared(words, strOf(r.get("type"))),
                    NcclTestsRecords.shared(words, redop), rootRank,
                    result(r.get("out_of_place"), r.get("out_of_place_per_iter")),
                    result(r.get("in_place"), r.get("in_place_per_iter")), null,
                    intOf(r.get("actual_iterations")), no));
        }
    }

    /** The errors of the text before the JSON, then those of its {@code errors}. */
    private List<TestError> errors(Object jsonErrors) {
        List<TestError> errors = new ArrayList<>(before.errors);
        if (jsonErrors instanceof List<?> es) {
            int eLine = lineOf("\"errors\"", 0);
            for (Object e : es) {
                String s = strOf(e);
                if (s != null && !s.isBlank()) {
                    errors.add(new TestError(eLine, TestError.Kind.NCCL_LAST_ERROR, null, null, null, s.strip(), s.strip()));
                }
            }
        }
        return errors;
    }

    /** The {@code -z} mode from the command line; JSON only says whether blocking was on. */
    private static Integer blockingMode(List<String> args, Boolean on) {
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("-z") || args.get(i).equals("--blocking")) return ToolValues.integer(args.get(i + 1));
        }
        return on == Boolean.FALSE ? 0 : null;
    }

    private NcclTestsResult result(Object half, Object iter) {
        if (!(half instanceof Map<?, ?> h)) return null;
        Object time = h.containsKey("time") ? h.get("time") : h.get("cpu_time");
        Double nw = dblOf(h.get("nwrong"));
        IterStats it = null;
        if (iter instanceof Map<?, ?> p) {
            List<Double> times = new ArrayList<>();
            if (p.get("times_us") instanceof List<?> ts) {
                for (Object o : ts) {
                    Double d = dblOf(o);
                    if (d != null) times.add(d);
                }
            }
            it = new IterStats(dblOf(p.get("min_us")), dblOf(p.get("max_us")), dblOf(p.get("p99_us")),
                    dblOf(p.get("cv_pct")), dblOf(p.get("avg_us")), dblOf(p.get("p50_us")), dblOf(p.get("p95_us")),
                    dblOf(p.get("stdev_us")), intOf(p.get("skipped_iterations")), times);
        }
        return new NcclTestsResult(dblOf(time), dblOf(h.get("alg_bw")), dblOf(h.get("bus_bw")),
                nw == null ? null : Math.round(nw), null, it);
    }

    private void indexNewlines() {
        int n = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') n++;
        }
        newlines = new int[n];
        int k = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') newlines[k++] = i;
        }
    }

    private int next(String token, int from) {
        int i = text.indexOf(token, from);
        return i < 0 ? from : i + 1;
    }

    private int lineOf(String token, int from) {
        int i = text.indexOf(token, from);
        return lineAt(Math.max(0, i));
    }

    private int lineAt(int offset) {
        int lo = 0;
        int hi = newlines.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (newlines[mid] < offset) lo = mid + 1;
            else hi = mid;
        }
        return baseLine + lo;
    }

    private static Integer intOf(Object o) {
        if (o instanceof Long l) return l > Integer.MAX_VALUE || l < Integer.MIN_VALUE ? null : (int) (long) l;
        if (o instanceof Double d) return Double.isFinite(d) && d == Math.rint(d) && Math.abs(d) < Integer.MAX_VALUE ? (int) (double) d : null;
        if (o instanceof String s) return ToolValues.integer(s);
        return null;
    }

    private static Long longOf(Object o) {
        if (o instanceof Long l) return l;
        if (o instanceof Double d) return Double.isFinite(d) && d == Math.rint(d) ? (long) (double) d : null;
        if (o instanceof String s) return ToolValues.longValue(s);
        return null;
    }

    private static Double dblOf(Object o) {
        if (o instanceof Double d) return Double.isFinite(d) ? d : null;
        if (o instanceof Long l) return (double) l;
        if (o instanceof String s) return ToolValues.decimal(s); // "nan" -> null
        return null;
    }

    private static Boolean boolOf(Object o) {
        if (o instanceof Boolean b) return b;
        if (o instanceof String s) {
            if (s.equalsIgnoreCase("true")) return true;
            if (s.equalsIgnoreCase("false")) return false;
        }
        if (o instanceof Long l) return l != 0;
        return null;
    }

    private static String strOf(Object o) {
        return o == null ? null : o instanceof String s ? s : String.valueOf(o);
    }

    private static List<String> strings(Object o) {
        List<String> out = new ArrayList<>();
        if (o instanceof List<?> l) {
            for (Object e : l) {
                if (e != null) out.add(strOf(e));
            }
        }
        return out;
    }
}

package io.ncclscope.parsers.nvsmi;

import static io.ncclscope.parsers.nvsmi.NvidiaSmiParser.MAX_GPUS;
import static io.ncclscope.parsers.nvsmi.NvidiaSmiParser.MAX_TOOL_ERRORS;
import static io.ncclscope.parsers.nvsmi.NvidiaSmiParser.SUMMARY_TIMESTAMP;
import static io.ncclscope.parsers.nvsmi.NvidiaSmiParser.TOOL_ERRORS;
import static io.ncclscope.parsers.nvsmi.NvidiaSmiParser.commandOf;
import static io.ncclscope.parsers.nvsmi.NvidiaSmiParser.csvHeader;
import static io.ncclscope.parsers.nvsmi.NvidiaSmiParser.formOf;
import static io.ncclscope.parsers.nvsmi.NvidiaSmiParser.isListLine;

import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The parse of one input of nvidia-smi output: routes each line to the reader of the form it belongs to
 * ({@link QueryLines} for {@code -q}, {@link GpuListLines} for {@code -L} and {@code nvlink -s},
 * {@link QueryGpuCsvLines} for {@code --query-gpu}, {@link SummaryTableLines} for the summary table, {@link QueryXmlLines}
 * for {@code -q -x}), which all add to
 * one {@link NvsmiOutput}. An echoed command line or {@code ==NVSMI LOG==} ends the form before it.
 */
final class NvidiaSmiReader {

    private final Warnings w;
    private final NvsmiOutput out;
    private final QueryLines query;
    private final QueryGpuCsvLines csv;
    private final GpuListLines list;
    private final SummaryTableLines summary;
    private final QueryXmlLines xml;
    private final QueryFragmentLines fragment;

    NvidiaSmiReader(Warnings w) {
        this.w = w;
        this.out = new NvsmiOutput(w);
        this.query = new QueryLines(out);
        this.csv = new QueryGpuCsvLines(out);
        this.list = new GpuListLines(out, query, csv);
        this.summary = new SummaryTableLines(out);
        this.xml = new QueryXmlLines(query, out, w);
        this.fragment = new QueryFragmentLines(out);
        query.otherForms(list, csv);
    }

    void accept(String line, int n) {
        String s = line.strip();
        if (s.isEmpty()) {
            summary.end();
            return;
        }
        if (s.startsWith("# [cut") || isElision(s) || s.equals("[...]")) {
            w.info(n, "cut marker skipped", s);
            out.linesLeftOut = true;
            return;
        }
        String cmd = commandOf(s);
        if (cmd != null) {
            command(cmd, n);
            return;
        }
        if (isPrompt(s)) {
            w.info(n, "shell command skipped", ToolValues.excerpt(s));
            return;
        }
        if (QueryXmlLines.isXml(s)) {
            xml.read(s, n);
            return;
        }
        if (s.contains("==NVSMI LOG==")) {
            out.source(NvsmiSource.QUERY, n);
            endForms();
            return;
        }
        if (s.startsWith("+-") || s.startsWith("|")) {
            summary.read(s, n);
            return;
        }
        summary.leave();
        if (out.timestamp == null && s.length() >= 23 && s.length() <= 25 && SUMMARY_TIMESTAMP.matcher(s).matches()) {
            out.timestamp = s;
            return;
        }
        if (s.startsWith("GPU ") && query.queryGpuLine(s, line, n)) {
            fragment.end();
            return;
        }
        if (isListLine(s)) {
            list.listLine(s, n);
            return;
        }
        if (s.startsWith("Link ") && list.linkLine(s, n)) return;
        if (s.startsWith("Link ") && s.indexOf(", ") > 0 && (s.endsWith(": true") || s.endsWith(": false"))) {
            // nvidia-smi nvlink -c: what each link supports, not whether it is up.
            w.info(n, "nvlink capability line skipped", ToolValues.excerpt(s));
            return;
        }
        if (s.startsWith("NVML:") && s.contains("NVLink")) {
            list.nvmlMessage(s, n);
            return;
        }
        if (s.startsWith("MIG ") && s.contains("(UUID: MIG-")) {
            w.info(n, "MIG device line skipped", ToolValues.excerpt(s));
            return;
        }
        if (csv.active() && csv.csvRow(s, n)) return;
        List<String> header = csvHeader(s);
        if (header != null) {
            endForms();
            csv.header(header, n);
            return;
        }
        int colon = s.indexOf(':');
        if (colon > 0 && query.keyValue(line, s, colon, n)) return;
        if (query.isSectionTitle(line, colon)) {
            query.section(line, s);
            return;
        }
        if (!query.active() && fragment.read(line, s, colon, n)) return;
        if (s.equals("--")) {
            fragment.separator();
            w.info(n, "grep separator skipped", s);
            return;
        }
        if (isToolError(s)) {
            toolError(s, n);
            return;
        }
        w.warn(n, "unrecognised line", ToolValues.excerpt(s));
    }

    /** {@code ...}, {@code ....}, {@code ......}: where a paste left lines out (corpus-more nvsmi-q/azhpc-diagnostics-73-1). */
    private static boolean isElision(String s) {
        if (s.length() < 3) return false;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) != '.') return false;
        }
        return true;
    }

    private static boolean isPrompt(String s) {
        if (s.startsWith("$ ") || s.equals("$")) return true;
        int sp = s.indexOf(' ');
        String first = sp < 0 ? s : s.substring(0, sp);
        return first.length() > 1 && first.contains("@") && (first.endsWith("$") || first.endsWith("#"));
    }

    private static boolean isToolError(String s) {
        for (String e : TOOL_ERRORS) {
            if (s.contains(e)) return true;
        }
        return false;
    }

    private void toolError(String s, int n) {
        if (out.toolErrors.size() < MAX_TOOL_ERRORS) out.toolErrors.add(new NvsmiMessage(s, n));
        w.warn(n, "nvidia-smi printed an error instead of data", ToolValues.excerpt(s));
    }

    private void endForms() {
        query.end();
        fragment.end();
        list.end();
        csv.end();
        summary.end();
    }

    private void command(String cmd, int n) {
        endForms();
        if (out.command == null) out.command = cmd;
        out.commandForm = formOf(cmd);
        if (out.commandForm == NvsmiSource.UNKNOWN) {
            w.warn(n, "an nvidia-smi command whose output this parser does not read", ToolValues.excerpt(cmd));
            return;
        }
        out.source(out.commandForm, n);
        if (out.commandForm == NvsmiSource.QUERY_GPU_CSV) csv.command(cmd, n);
    }

    // ------------------------------------------------------------ result

    NvidiaSmiData finish() {
        list.finish();
        if (out.droppedGpus > 0) {
            w.warn(0, out.droppedGpus + " GPUs beyond the limit of " + MAX_GPUS + " were dropped", "");
        }
        List<Map.Entry<NvsmiSource, Integer>> order = new ArrayList<>(out.sources.entrySet());
        // A lambda of ours, not Map.Entry.comparingByValue(): the JDK's is serializable, spun at its first call in every
        // run (the AOT cache keeps only ours).
        order.sort((a, b) -> a.getValue().compareTo(b.getValue()));
        List<NvsmiSource> srcs = order.stream().map(Map.Entry::getKey).toList();
        List<NvsmiGpu> gpuList = out.gpus.stream().map(GpuFacts::build).toList();
        boolean any = !srcs.isEmpty() || !gpuList.isEmpty() || out.driver != null || !out.toolErrors.isEmpty();
        if (!any) {
            w.error(0, "no nvidia-smi-q content found", "");
        } else if (gpuList.isEmpty() && out.toolErrors.isEmpty()) {
            if (srcs.contains(NvsmiSource.NVLINK_STATUS)) {
                w.info(0, "nvidia-smi nvlink -s printed no GPU and no link: the GPUs have no NVLink", "");
            } else if (!srcs.contains(NvsmiSource.SUMMARY)) {
                w.warn(0, "no GPU found", "");
            }
        }
        return new NvidiaSmiData(srcs.isEmpty() ? NvsmiSource.UNKNOWN : srcs.get(0), srcs, out.command,
                out.timestamp, out.driver, out.cuda, out.attached, gpuList, out.toolErrors, out.linesLeftOut);
    }
}

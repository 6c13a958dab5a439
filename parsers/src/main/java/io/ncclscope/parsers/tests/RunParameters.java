package io.ncclscope.parsers.tests;

import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.ToolValues;

/**
 * The options a text run prints in its header: {@code # nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor)
 * warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0}, and the notes that follow it (blocking mode,
 * per-iteration report, parallel init).
 */
final class RunParameters {

    Integer nThread;
    Integer nGpus;
    Integer warmup;
    Integer iters;
    Integer agg;
    Integer validation;
    Integer graph;
    Integer unalign;
    Integer blocking;
    Integer skip;
    Long minBytes;
    Long maxBytes;
    Long factor;
    Long step;
    Boolean perIter;
    Boolean parallel;
    /** The line of the {@code nThread} header; 0 before one was read. */
    int paramsLine;

    void read(String c, int no) {
        paramsLine = no;
        String[] t = Paste.words(c);
        for (int i = 0; i < t.length; i++) {
            String k = t[i];
            String v = i + 1 < t.length ? t[i + 1] : null;
            switch (k) {
                case "nThread" -> nThread = ToolValues.integer(v);
                case "nGpus" -> nGpus = ToolValues.integer(v);
                case "minBytes" -> minBytes = ToolValues.longValue(v);
                case "maxBytes" -> maxBytes = ToolValues.longValue(v);
                case "step:" -> {
                    if (v != null) {
                        int p = v.indexOf('(');
                        Long n = ToolValues.longValue(p > 0 ? v.substring(0, p) : v);
                        if (v.contains("(bytes)")) step = n;
                        else factor = n;
                    }
                }
                case "iters:" -> {
                    String prev = i > 0 ? t[i - 1] : "";
                    Integer n = ToolValues.integer(v);
                    if (prev.equals("warmup")) warmup = n;
                    else if (prev.equals("agg")) agg = n;
                    else iters = n;
                }
                case "validation:" -> validation = ToolValues.integer(v);
                case "graph:" -> graph = ToolValues.integer(v);
                case "unalign:" -> unalign = ToolValues.integer(v);
                default -> {
                }
            }
        }
    }

    /** The parameters read; null when the output printed none. */
    NcclTestsParams toRecord() {
        return paramsLine == 0 && blocking == null && perIter == null && parallel == null ? null
                : new NcclTestsParams(nThread, nGpus, minBytes, maxBytes, factor, step, warmup, iters, agg, validation,
                        graph, unalign, blocking, perIter, skip, parallel, paramsLine);
    }
}

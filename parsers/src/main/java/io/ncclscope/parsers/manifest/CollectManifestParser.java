package io.ncclscope.parsers.manifest;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.json.Json;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the {@code manifest.json} that {@code ncclscope collect} writes last into a bundle: the node name, when it
 * ran, and for every step its command, output file, outcome ({@code OK}, {@code FAILED}, {@code MISSING},
 * {@code REFUSED}, {@code TIMED_OUT}), exit status and the first lines of its standard error.
 *
 * <p>The JSON is read whole; each step's line is that of its {@code "outcome"} key in the indented file the
 * collector writes (the n-th such key is the n-th step), and its note's line that of the {@code "note"} key after it.
 * A manifest written on one line gives line 1 for all. Stateless and thread-safe.
 */
public final class CollectManifestParser implements ToolParser<CollectManifest> {

    /** Most steps one parse keeps. */
    static final int MAX_ITEMS = 1 << 14;

    @Override
    public Kind kind() {
        return Kind.COLLECT_MANIFEST;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        String h = head.toString();
        if (!HeadLines.opensWith(h, '{')) return 0;
        boolean entries = h.contains("\"entries\"");
        boolean outcome = h.contains("\"outcome\"");
        boolean argv = h.contains("\"argv\"");
        if (entries && outcome && argv) return h.contains("\"ncclscope\"") ? 98 : 90;
        return 0;
    }

    @Override
    public ParseResult<CollectManifest> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        StringBuilder text = new StringBuilder();
        List<Integer> outcomeLines = new ArrayList<>();
        List<Integer> noteLines = new ArrayList<>();
        int hostLine = 0;
        String raw;
        while ((raw = src.next()) != null) {
            int ln = src.lineNumber();
            text.append(raw).append('\n');
            String t = raw.strip();
            if (hostLine == 0 && t.startsWith("\"host\"")) hostLine = ln;
            if (t.startsWith("\"outcome\"")) {
                outcomeLines.add(ln);
                noteLines.add(0);
            } else if (t.startsWith("\"note\"") && !noteLines.isEmpty()) {
                noteLines.set(noteLines.size() - 1, ln);
            }
        }
        Object root;
        try {
            root = Json.parse(text);
        } catch (RuntimeException e) {
            w.error(0, "not a collect manifest: the JSON does not parse (" + e.getMessage() + ")", "");
            return new ParseResult<>(Kind.COLLECT_MANIFEST, new CollectManifest(null, null, null, List.of(), 0), w.toList());
        }
        if (!(root instanceof Map<?, ?> m) || !(m.get("entries") instanceof List<?> entries)) {
            w.error(0, "not a collect manifest: no \"entries\" list", "");
            return new ParseResult<>(Kind.COLLECT_MANIFEST, new CollectManifest(null, null, null, List.of(), 0), w.toList());
        }
        boolean lined = outcomeLines.size() == entries.size();
        if (!lined) w.info(0, "the manifest is not indented as collect writes it; steps are quoted at line 1", "");
        List<CollectStep> steps = new ArrayList<>();
        for (int i = 0; i < entries.size() && i < MAX_ITEMS; i++) {
            CollectStep s = step(entries.get(i), lined ? outcomeLines.get(i) : 1, lined ? noteLines.get(i) : 0);
            if (s == null) w.warn(lined ? outcomeLines.get(i) : 1, "a step without a command or outcome", "");
            else steps.add(s);
        }
        if (entries.size() > MAX_ITEMS) w.warn(0, "more than " + MAX_ITEMS + " steps; the rest were not read", "");
        return new ParseResult<>(Kind.COLLECT_MANIFEST, new CollectManifest(string(m.get("host")), string(m.get("time")),
                m.get("root") instanceof Boolean b ? b : null, steps, hostLine), w.toList());
    }

    private static CollectStep step(Object o, int line, int noteLine) {
        if (!(o instanceof Map<?, ?> e)) return null;
        String command = null;
        if (e.get("argv") instanceof List<?> argv && !argv.isEmpty()) {
            List<String> words = new ArrayList<>();
            for (Object a : argv) words.add(String.valueOf(a));
            command = String.join(" ", words);
        }
        if (command == null) command = string(e.get("source"));
        String outcome = string(e.get("outcome"));
        if (command == null || outcome == null) return null;
        Integer exit = e.get("exitCode") instanceof Number n ? n.intValue() : null;
        String note = string(e.get("note"));
        return new CollectStep(command, string(e.get("file")), StepOutcome.of(outcome), exit, note, line,
                note == null ? 0 : noteLine);
    }

    private static String string(Object o) {
        return o instanceof String s && !s.isBlank() ? s : null;
    }
}

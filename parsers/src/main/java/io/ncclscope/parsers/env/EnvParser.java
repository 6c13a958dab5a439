package io.ncclscope.parsers.env;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Warnings;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an environment listing: the output of {@code env} (whole or through {@code grep NCCL_}), the
 * {@code declare -x NAME="value"} lines of {@code export -p}, {@code export NAME=value} lines, and the {@code env.txt}
 * that {@code ncclscope collect} writes (the NCCL-relevant variables of the collecting process, secrets replaced by
 * {@code <redacted>}).
 *
 * <p>A listing is mostly {@code NAME=value} lines; a value that spans lines (a multi-line variable printed by
 * {@code env}) continues on lines that are no assignment, which are skipped with a note. Blank lines and
 * {@code #} comments are skipped. Stateless and thread-safe.
 */
public final class EnvParser implements ToolParser<EnvData> {

    /** Most variables one parse keeps. */
    static final int MAX_ITEMS = 1 << 16;

    /** Names the collector and launchers list: one of them makes a listing of few lines an environment. */
    private static final List<String> KNOWN_PREFIXES = List.of("NCCL_", "CUDA_", "NVIDIA_", "UCX_", "FI_", "OMPI_",
            "TORCH_", "LD_LIBRARY_PATH", "PATH", "HOME", "HOSTNAME");

    @Override
    public Kind kind() {
        return Kind.ENV;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        int lines = 0, assignments = 0, known = 0, nccl = 0;
        HeadLines t = new HeadLines(head.toString(), 400);
        while (lines < 400 && t.next()) {
            if (t.isEmpty() || t.startsWith("#")) continue;
            lines++;
            // No '=', no assignment: most lines of a paste are copied for none.
            EnvVariable v = t.contains('=') ? assignment(t.text(), 0) : null;
            if (v == null) continue;
            assignments++;
            if (v.name().startsWith("NCCL_")) nccl++;
            for (String p : KNOWN_PREFIXES) {
                if (v.name().startsWith(p)) {
                    known++;
                    break;
                }
            }
        }
        if (assignments == 0 || assignments * 10 < lines * 9) return 0;
        if (nccl > 0) return 80;
        if (known > 0) return assignments >= 2 ? 70 : 40;
        return assignments >= 3 ? 30 : 0;
    }

    @Override
    public ParseResult<EnvData> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        List<EnvVariable> out = new ArrayList<>();
        boolean capped = false;
        int continued = 0;
        String raw;
        while ((raw = src.next()) != null) {
            int ln = src.lineNumber();
            String t = raw.strip();
            if (t.isEmpty() || t.startsWith("#")) continue;
            EnvVariable v = assignment(t, ln);
            if (v == null) {
                if (out.isEmpty()) w.warn(ln, "not a NAME=value line", t);
                else if (continued++ == 0) w.info(ln, "skipped a line that is no assignment (a value spanning lines?)", t);
                continue;
            }
            if (out.size() >= MAX_ITEMS) {
                if (!capped) w.warn(ln, "more than " + MAX_ITEMS + " variables; the rest were not read", t);
                capped = true;
                continue;
            }
            out.add(v);
        }
        if (out.isEmpty()) w.error(0, "no NAME=value line: not an environment listing", "");
        return new ParseResult<>(Kind.ENV, new EnvData(out), w.toList());
    }

    /**
     * {@return {@code t} as an assignment ({@code NAME=value}, {@code export NAME=value}, {@code declare -x
     * NAME="value"}); null when it is none}
     */
    static EnvVariable assignment(String t, int line) {
        String s = t;
        if (s.startsWith("declare -x ")) s = s.substring(11).stripLeading();
        else if (s.startsWith("export ")) s = s.substring(7).stripLeading();
        int eq = s.indexOf('=');
        if (eq <= 0 || !isName(s, eq)) return null;
        String value = s.substring(eq + 1);
        if (value.length() >= 2 && (value.charAt(0) == '"' || value.charAt(0) == '\'')
                && value.charAt(value.length() - 1) == value.charAt(0)) {
            value = value.substring(1, value.length() - 1);
        }
        return new EnvVariable(s.substring(0, eq), value, line);
    }

    /** Whether {@code s[0, end)} is a shell variable name: a letter or underscore, then letters, digits, underscores. */
    private static boolean isName(String s, int end) {
        for (int i = 0; i < end; i++) {
            char c = s.charAt(i);
            boolean letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
            if (!letter && (i == 0 || c < '0' || c > '9')) return false;
        }
        return true;
    }
}

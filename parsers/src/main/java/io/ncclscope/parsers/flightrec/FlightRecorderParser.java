package io.ncclscope.parsers.flightrec;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads PyTorch Flight Recorder dumps, format versions 2.0 to 2.10 and later minor versions: the JSON form
 * ({@code _dump_fr_trace_json}, {@code TORCH_NCCL_USE_JSON}-style dumps) as text, and the pickle form through
 * {@link #parsePickle(InputStream, ParseLimits)}, whose reader builds plain containers and scalars only. Fields a
 * version lacks are null; unknown fields are ignored. Stateless and thread-safe.
 */
public final class FlightRecorderParser implements ToolParser<FlightRecorderDump> {

    /** Most entries kept of one dump; the rest are counted in {@link FlightRecorderDump#entriesDropped()}. */
    public static final int MAX_ENTRIES = 200_000;

    /** Most stack frames kept of one entry. */
    public static final int MAX_FRAMES = 4;

    /** Creates the parser. */
    public FlightRecorderParser() {
    }

    @Override
    public Kind kind() {
        return Kind.FLIGHT_RECORDER;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        String h = head.length() > 65536 ? head.subSequence(0, 65536).toString() : head.toString();
        if (!HeadLines.opensWith(h, '{')) return 0;
        boolean config = h.contains("\"pg_config\"");
        boolean entries = h.contains("\"entries\"") && h.contains("\"collective_seq_id\"");
        boolean status = h.contains("\"pg_status\"");
        if (config && (entries || status) && h.contains("\"version\"")) return 97;
        if (entries && h.contains("\"profiling_name\"")) return 85;
        return 0;
    }

    @Override
    public ParseResult<FlightRecorderDump> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        StringBuilder sb = new StringBuilder();
        char[] buf = new char[8192];
        int n;
        while ((n = in.read(buf)) > 0) {
            if (sb.length() + (long) n > limits.maxTableChars()) {
                w.error(0, "the dump is longer than " + limits.maxTableChars() + " characters; not read", "");
                return new ParseResult<>(Kind.FLIGHT_RECORDER, DumpReading.empty(false), w.toList());
            }
            sb.append(buf, 0, n);
        }
        Object root;
        try {
            root = Json.parse(sb);
        } catch (Json.JsonException e) {
            w.error(e.line(), "not JSON: " + e.getMessage(), "");
            return new ParseResult<>(Kind.FLIGHT_RECORDER, DumpReading.empty(false), w.toList());
        }
        return new ParseResult<>(Kind.FLIGHT_RECORDER, DumpReading.read(root, false, w), w.toList());
    }

    /**
     * {@return true when {@code head} starts like a pickle of protocol 2 or later (the form Flight Recorder
     * writes)}
     *
     * @param head the first bytes of an input (two are enough)
     * @param length how many of them were read
     */
    public static boolean looksPickled(byte[] head, int length) {
        return length >= 2 && (head[0] & 0xff) == 0x80 && head[1] >= 2 && head[1] <= 5;
    }

    /**
     * Reads a pickled dump, at most {@link ParseLimits#maxTableChars()} bytes. Nothing in it is executed: objects
     * other than plain containers and scalars become warnings.
     *
     * @param in     the pickle's bytes; not closed
     * @param limits the bounds of the parse
     * @return the dump and the warnings
     * @throws IOException only when reading {@code in} fails
     */
    public static ParseResult<FlightRecorderDump> parsePickle(InputStream in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 16, limits.maxTableChars() + 1));
        if (bytes.length > limits.maxTableChars()) {
            w.error(0, "the pickle is longer than " + limits.maxTableChars() + " bytes; not read", "");
            return new ParseResult<>(Kind.FLIGHT_RECORDER, DumpReading.empty(true), w.toList());
        }
        Object root = new PickleReader(bytes, w).read();
        return new ParseResult<>(Kind.FLIGHT_RECORDER, DumpReading.read(root, true, w), w.toList());
    }

    /** Lists of the given element type, for the records. */
    static List<String> strings(Object o) {
        List<String> out = new ArrayList<>();
        if (o instanceof List<?> l) {
            for (Object x : l) {
                if (out.size() >= 64) break;
                if (x instanceof String s) out.add(s);
                else if (x != null && !(x instanceof Map<?, ?>) && !(x instanceof List<?>)) out.add(String.valueOf(x));
            }
        }
        return out;
    }
}

package io.ncclscope.sdk.rules;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One properties file of the rule catalogue ({@code CODE.title}, {@code CODE.cause.1}, ...), read code by code: the
 * file is decoded once and its lines are filed by the code they start with, and a code's lines are parsed (by
 * {@link Properties}, so the syntax is exactly the JDK's) only when a text of that code is asked for. A short command
 * that shows one finding parses a dozen lines instead of the 800 of each file, a tenth of its run before. Keys of
 * another language file fall back to this one's parent, key by key.
 *
 * <p>The catalogue entries' data ({@code CODE.category}, {@code CODE.workflow}, {@code CODE.action.N.area}, ... see
 * {@link FindingCode}) is filed a second time on its own, so that reading every entry ({@link #entryData()}) parses those
 * few lines and none of the texts. Thread-safe.
 */
final class LazyTexts {

    private final String resource;
    private final LazyTexts parent;
    private final String content;
    /** Line spans, by the code their key starts with: start and end offsets, two ints per line. */
    private final Map<String, int[]> spans = new LinkedHashMap<>();
    private final Map<String, Properties> parsed = new ConcurrentHashMap<>();
    /** The text keys (not entry data) of each code, in file order. */
    private final Map<String, List<String>> textKeys = new LinkedHashMap<>();
    /** The codes with entry data, in file order. */
    private final Set<String> entryCodes = new LinkedHashSet<>();
    /** The entry-data lines, start and end offsets. */
    private final List<Integer> entrySpans = new ArrayList<>();
    private volatile Properties entryData;

    /** The keys after {@code CODE.} that hold a catalogue entry's data rather than a text, besides the numbered ones. */
    private static final Set<String> ENTRY_DATA = Set.of("category", "severity", "segment", "workflow", "symptom");

    private LazyTexts(String resource, String content, LazyTexts parent) {
        this.resource = resource;
        this.content = content;
        this.parent = parent;
        index();
    }

    /**
     * Reads {@code resource} (a class-path resource name) as strict UTF-8: a file saved in another encoding fails
     * loudly instead of showing mojibake.
     *
     * @param resource the resource, for example {@code io/ncclscope/sdk/rules/Rules.properties}
     * @param parent   where keys missing here are looked up; null for none
     * @return the texts
     * @throws MissingResourceException when the resource does not exist
     */
    static LazyTexts load(String resource, LazyTexts parent) {
        return load(LazyTexts.class, resource, parent);
    }

    /**
     * Reads {@code resource} as {@link #load(String, LazyTexts)} does, from the module or class path of {@code owner}.
     *
     * @param owner    a class beside the resource
     * @param resource the resource, for example {@code io/ncclscope/sdk/rules/Rules.properties}
     * @param parent   where keys missing here are looked up; null for none
     * @return the texts
     * @throws MissingResourceException when the resource does not exist
     */
    static LazyTexts load(Class<?> owner, String resource, LazyTexts parent) {
        try (InputStream in = owner.getResourceAsStream("/" + resource)) {
            if (in == null) throw new MissingResourceException("no " + resource, RuleCatalog.BUNDLE_BASE_NAME, "");
            byte[] bytes = in.readAllBytes();
            // new String is several times faster than a reporting decoder on a cold JVM; it replaces a malformed
            // sequence with U+FFFD, which no catalogue text holds, so only then is the file decoded again to report it.
            String text = new String(bytes, StandardCharsets.UTF_8);
            if (text.indexOf('\uFFFD') >= 0) {
                StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            }
            return new LazyTexts(resource, text, parent);
        } catch (CharacterCodingException e) {
            throw new UncheckedIOException("not UTF-8: " + resource, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /**
     * {@return the text of {@code key}, from this file or its parent; null when neither has it}
     *
     * @param key a key such as {@code NCCL_CONNECT_FAILED.title}
     */
    String get(String key) {
        int dot = key.indexOf('.');
        String v = null;
        if (dot > 0) {
            String code = key.substring(0, dot);
            if (spans.containsKey(code)) v = parsed.computeIfAbsent(code, this::parse).getProperty(key);
        }
        return v != null || parent == null ? v : parent.get(key);
    }

    /** {@return every key of this file (not its parent's), in no particular order; parses the whole file} */
    List<String> keys() {
        List<String> keys = new ArrayList<>();
        for (String code : spans.keySet()) keys.addAll(parsed.computeIfAbsent(code, this::parse).stringPropertyNames());
        return keys;
    }

    /** {@return the codes with catalogue entry data in this file, in file order} */
    Set<String> entryCodes() {
        return Collections.unmodifiableSet(entryCodes);
    }

    /** {@return the text keys of {@code code} in this file (its entry data left out), in file order} */
    List<String> textKeys(String code) {
        return List.copyOf(textKeys.getOrDefault(code, List.of()));
    }

    /** {@return every entry-data key and value of this file (not its parent's), parsed once; the texts are not parsed} */
    Properties entryData() {
        Properties p = entryData;
        if (p == null) {
            StringBuilder chunk = new StringBuilder();
            for (int i = 0; i < entrySpans.size(); i += 2) {
                chunk.append(content, entrySpans.get(i), entrySpans.get(i + 1)).append('\n');
            }
            p = new Properties();
            try {
                p.load(new StringReader(chunk.toString()));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + resource, e);
            }
            entryData = p;
        }
        return p;
    }

    /** Files each logical line (a line and the lines it continues onto) under the code its key starts with. */
    private void index() {
        Map<String, List<Integer>> byCode = new LinkedHashMap<>();
        int n = content.length();
        int pos = 0;
        while (pos < n) {
            int start = pos;
            int end = lineEnd(start);
            // A line ending in an odd number of backslashes continues on the next one.
            while (end < n && continues(start, end)) end = lineEnd(end + 1);
            pos = end + 1;
            int k = start;
            while (k < end && isBlank(content.charAt(k))) k++;
            if (k == end || content.charAt(k) == '#' || content.charAt(k) == '!') continue;
            // The key runs to '=', ':', a blank or a backslash; the code is its part before the first '.'.
            int keyEnd = k;
            int stop = -1;
            for (char c; keyEnd < end && (c = content.charAt(keyEnd)) != '=' && c != ':' && c != ' ' && c != '\t'
                    && c != '\f' && c != '\r' && c != '\\'; keyEnd++) {
                if (c == '.' && stop < 0) stop = keyEnd;
            }
            if (stop < 0) stop = keyEnd;
            String key = content.substring(k, keyEnd);
            String code = stop == keyEnd ? key : key.substring(0, stop - k);
            List<Integer> l = byCode.computeIfAbsent(code, c -> new ArrayList<>());
            l.add(start);
            l.add(Math.min(end, n));
            if (stop < keyEnd && isEntryData(key.substring(stop - k + 1))) {
                entryCodes.add(code);
                entrySpans.add(start);
                entrySpans.add(Math.min(end, n));
            } else {
                textKeys.computeIfAbsent(code, c -> new ArrayList<>()).add(key);
            }
        }
        for (Map.Entry<String, List<Integer>> e : byCode.entrySet()) {
            int[] a = new int[e.getValue().size()];
            for (int i = 0; i < a.length; i++) a[i] = e.getValue().get(i);
            spans.put(e.getKey(), a);
        }
    }

    /**
     * {@return whether a key's part after {@code CODE.} names entry data: {@code category}, {@code severity},
     * {@code segment}, {@code workflow}, {@code symptom}, {@code source.N} or {@code action.N.area}} Read without a
     * regular expression: this runs on every line when the catalogue loads.
     */
    static boolean isEntryData(String rest) {
        if (ENTRY_DATA.contains(rest)) return true;
        if (rest.startsWith("source.")) return digits(rest, 7, rest.length());
        return rest.startsWith("action.") && rest.endsWith(".area") && digits(rest, 7, rest.length() - 5);
    }

    private static boolean digits(String s, int from, int to) {
        if (from >= to) return false;
        for (int i = from; i < to; i++) if (s.charAt(i) < '0' || s.charAt(i) > '9') return false;
        return true;
    }

    private int lineEnd(int from) {
        int e = content.indexOf('\n', from);
        return e < 0 ? content.length() : e;
    }

    private boolean continues(int start, int end) {
        int last = end;
        if (last > start && content.charAt(last - 1) == '\r') last--;
        int slashes = 0;
        while (last - 1 - slashes >= start && content.charAt(last - 1 - slashes) == '\\') slashes++;
        return slashes % 2 == 1;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\f' || c == '\r';
    }

    private Properties parse(String code) {
        int[] s = spans.get(code);
        StringBuilder chunk = new StringBuilder();
        for (int i = 0; i < s.length; i += 2) chunk.append(content, s[i], s[i + 1]).append('\n');
        Properties p = new Properties();
        try {
            p.load(new StringReader(chunk.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
        return p;
    }
}

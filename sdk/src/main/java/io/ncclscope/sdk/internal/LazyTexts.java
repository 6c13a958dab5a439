package io.ncclscope.sdk.internal;

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
import java.util.List;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One properties file of texts, read code by code: the rule catalogue ({@code CODE.title}, {@code CODE.cause.1},
 * ...) and the analyzers' sentence templates ({@code Messages.properties}, read by {@code Message}). The
 * file's bytes are read once and its lines are filed by the code they start with, and a code's lines are decoded and
 * parsed (by {@link Properties}, so the syntax is exactly the JDK's) only when a text of that code is asked for. A
 * short command that shows one finding parses a dozen lines instead of the 800 of each file, a tenth of its run before.
 * Keys of another language file fall back to this one's parent, key by key.
 *
 * <p>The lines are filed on the UTF-8 bytes, not on a decoded string: every character that ends a line or a key is
 * ASCII, which never occurs inside a multi-byte UTF-8 sequence, so the bytes split exactly as the characters would.
 * Decoding the whole file up front (and scanning it for malformed sequences) was a third of the catalogue's start in a
 * short command, where the JVM still interprets most code; now each code's lines are decoded when they are parsed, as
 * strict UTF-8, and a malformed sequence fails loudly there (LazyTextsTest reads every key of both files).
 *
 * <p>The catalogue entries' data ({@code CODE.category}, {@code CODE.workflow}, {@code CODE.action.N.area}, ... see
 * {@code FindingCode}) is filed a second time on its own, so that reading an entry ({@link #entryData(String)}) parses
 * those few lines and none of the texts. Thread-safe.
 *
 * <p>{@link #bundle} reads a bundle of the SDK once per JVM for both users, in the one language asked for: the
 * catalogue's own bundle is then read once, not once by the catalogue and again by a finding's detail sentence, and an
 * English run never reads a Chinese file. A bundle's Chinese file is its {@code _zh_CN} file with the English one as
 * its parent, as {@link java.util.ResourceBundle} reads them for {@code zh-CN}.
 */
public final class LazyTexts {

    /** The bundles read by {@link #bundle}: English at [0], Chinese at [1], each read when first asked for. */
    private static final Map<String, LazyTexts[]> BUNDLES = new ConcurrentHashMap<>();

    private final String resource;
    private final LazyTexts parent;
    /** The file, as UTF-8 bytes. */
    private final byte[] content;
    /** Line spans, by the code their key starts with: start and end offsets, two ints per line. */
    private final Map<String, int[]> spans = new LinkedHashMap<>();
    private final Map<String, Properties> parsed = new ConcurrentHashMap<>();
    /** The text keys (not entry data) of each code, in file order. */
    private final Map<String, List<String>> textKeys = new LinkedHashMap<>();
    /** The entry-data lines of each code with entry data, start and end offsets, the codes in file order. */
    private final Map<String, List<Integer>> entrySpans = new LinkedHashMap<>();

    /** The keys after {@code CODE.} that hold a catalogue entry's data rather than a text, besides the numbered ones. */
    private static final Set<String> ENTRY_DATA = Set.of("category", "severity", "segment", "workflow", "symptom");

    /** Files the lines of {@code content}, the UTF-8 bytes of {@code resource}; the public way in is {@link #load}. */
    LazyTexts(String resource, byte[] content, LazyTexts parent) {
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
    public static LazyTexts load(String resource, LazyTexts parent) {
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
    public static LazyTexts load(Class<?> owner, String resource, LazyTexts parent) {
        try (InputStream in = owner.getResourceAsStream("/" + resource)) {
            if (in == null) throw new MissingResourceException("no " + resource, resource, "");
            return new LazyTexts(resource, in.readAllBytes(), parent);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /**
     * The texts of a bundle of this module in one language, read once per JVM.
     *
     * @param baseName the bundle's base name, for example {@code io.ncclscope.sdk.diagnose.transport.Messages}
     * @param zh       the Chinese file ({@code _zh_CN}, falling back to the English one key by key) rather than the
     *                 English one
     * @return the texts
     * @throws MissingResourceException when a file of the bundle does not exist
     */
    public static LazyTexts bundle(String baseName, boolean zh) {
        LazyTexts[] both = BUNDLES.computeIfAbsent(baseName, b -> new LazyTexts[2]);
        int i = zh ? 1 : 0;
        LazyTexts t = both[i];
        if (t == null) {
            synchronized (both) {
                t = both[i];
                if (t == null) {
                    String path = baseName.replace('.', '/');
                    t = zh ? load(path + "_zh_CN.properties", bundle(baseName, false)) : load(path + ".properties", null);
                    both[i] = t;
                }
            }
        }
        return t;
    }

    /**
     * {@return the text of {@code key}, from this file or its parent; null when neither has it}
     *
     * @param key a key such as {@code NCCL_CONNECT_FAILED.title}
     */
    public String get(String key) {
        int dot = key.indexOf('.');
        String code = dot < 0 ? key : key.substring(0, dot);
        String v = spans.containsKey(code) ? parsed.computeIfAbsent(code, this::parse).getProperty(key) : null;
        return v != null || parent == null ? v : parent.get(key);
    }

    /** {@return every key of this file (not its parent's), in no particular order; parses the whole file} */
    public List<String> keys() {
        List<String> keys = new ArrayList<>();
        for (String code : spans.keySet()) keys.addAll(parsed.computeIfAbsent(code, this::parse).stringPropertyNames());
        return keys;
    }

    /** {@return the codes with catalogue entry data in this file, in file order} */
    public Set<String> entryCodes() {
        return Collections.unmodifiableSet(entrySpans.keySet());
    }

    /** {@return the text keys of {@code code} in this file (its entry data left out), in file order} */
    public List<String> textKeys(String code) {
        return List.copyOf(textKeys.getOrDefault(code, List.of()));
    }

    /**
     * {@return the entry-data keys and values of {@code code} in this file (not its parent's), parsed now; empty when it
     * has none} The texts are not parsed.
     *
     * @param code a finding code
     */
    public Properties entryData(String code) {
        List<Integer> lines = entrySpans.getOrDefault(code, List.of());
        int[] a = new int[lines.size()];
        for (int i = 0; i < a.length; i++) a[i] = lines.get(i);
        return properties(a);
    }

    /** Files each logical line (a line and the lines it continues onto) under the code its key starts with. */
    private void index() {
        Map<String, List<Integer>> byCode = new LinkedHashMap<>();
        // One call per line, not one loop over the file: the JVM compiles a method called a few hundred times, but
        // runs the body of a loop entered once in its interpreter, and a short command reads a file of 1,700 lines.
        int pos = 0;
        while (pos < content.length) pos = indexLine(byCode, pos);
        for (Map.Entry<String, List<Integer>> e : byCode.entrySet()) {
            int[] a = new int[e.getValue().size()];
            for (int i = 0; i < a.length; i++) a[i] = e.getValue().get(i);
            spans.put(e.getKey(), a);
        }
    }

    /** Files the logical line at {@code start} under its code, if it is no comment or blank; returns where the next starts. */
    private int indexLine(Map<String, List<Integer>> byCode, int start) {
        byte[] b = content;
        int n = b.length;
        int end = lineEnd(start);
        // A line ending in an odd number of backslashes continues on the next one.
        while (end < n && continues(start, end)) end = lineEnd(end + 1);
        int k = start;
        while (k < end && isBlank(b[k])) k++;
        if (k == end || b[k] == '#' || b[k] == '!') return end + 1;
        // The key runs to '=', ':', a blank or a backslash; the code is its part before the first '.'.
        int keyEnd = k;
        int stop = -1;
        for (byte c; keyEnd < end && (c = b[keyEnd]) != '=' && c != ':' && c != ' ' && c != '\t'
                && c != '\f' && c != '\r' && c != '\\'; keyEnd++) {
            if (c == '.' && stop < 0) stop = keyEnd;
        }
        if (stop < 0) stop = keyEnd;
        String key = new String(b, k, keyEnd - k, StandardCharsets.UTF_8);
        String code = stop == keyEnd ? key : key.substring(0, stop - k);
        List<Integer> l = byCode.computeIfAbsent(code, c -> new ArrayList<>());
        l.add(start);
        l.add(end);
        if (stop < keyEnd && isEntryData(key.substring(stop - k + 1))) {
            List<Integer> e = entrySpans.computeIfAbsent(code, c -> new ArrayList<>());
            e.add(start);
            e.add(end);
        } else {
            textKeys.computeIfAbsent(code, c -> new ArrayList<>()).add(key);
        }
        return end + 1;
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
        byte[] b = content;
        int e = from;
        while (e < b.length && b[e] != '\n') e++;
        return e;
    }

    private boolean continues(int start, int end) {
        int last = end;
        if (last > start && content[last - 1] == '\r') last--;
        int slashes = 0;
        while (last - 1 - slashes >= start && content[last - 1 - slashes] == '\\') slashes++;
        return slashes % 2 == 1;
    }

    private static boolean isBlank(byte c) {
        return c == ' ' || c == '\t' || c == '\f' || c == '\r';
    }

    private Properties parse(String code) {
        return properties(spans.get(code));
    }

    /**
     * {@return the lines at {@code spans} (start and end offsets, two ints per line), decoded as strict UTF-8 and read
     * with the syntax of {@link Properties}, later keys replacing earlier ones}
     *
     * @throws UncheckedIOException when a line is not UTF-8
     */
    private Properties properties(int[] spans) {
        Properties p = new Properties();
        for (int i = 0; i < spans.length; i += 2) {
            int from = spans[i];
            int length = spans[i + 1] - from;
            // new String is several times faster than a reporting decoder on a cold JVM; it replaces a malformed
            // sequence with U+FFFD, which no catalogue text holds, so only then are the bytes decoded again to report it.
            String line = new String(content, from, length, StandardCharsets.UTF_8);
            if (line.indexOf('\uFFFD') >= 0) {
                try {
                    StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(content, from, length));
                } catch (CharacterCodingException e) {
                    throw new UncheckedIOException("not UTF-8: " + resource, e);
                }
            }
            if (!putPlain(p, line)) {
                try {
                    p.load(new StringReader(line));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + resource, e);
                }
            }
        }
        return p;
    }

    /**
     * Puts the key and value of {@code line} into {@code p} as {@link Properties#load(java.io.Reader)} would, when the
     * line has no backslash (no escape, no continuation) and no carriage return (which ends a line there): almost
     * every line of the catalogue, read without the JDK's general reader, which is slow while the JVM still
     * interprets it. {@return false, putting nothing, for any other line}
     *
     * @param p    where the key and value go
     * @param line one line of a key and a value, not blank and not a comment
     */
    static boolean putPlain(Properties p, String line) {
        int n = line.length();
        if (line.indexOf('\\') >= 0 || line.indexOf('\r') >= 0) return false;
        int k = 0;
        while (k < n && isBlank(line.charAt(k))) k++;
        int keyEnd = k;
        char c;
        while (keyEnd < n && (c = line.charAt(keyEnd)) != '=' && c != ':' && !isBlank(c)) keyEnd++;
        // After the key: blanks, at most one '=' or ':', blanks; the value is the rest of the line.
        int value = keyEnd;
        boolean separator = false;
        while (value < n) {
            c = line.charAt(value);
            if (c == '=' || c == ':') {
                if (separator) break;
                separator = true;
            } else if (!isBlank(c)) {
                break;
            }
            value++;
        }
        p.put(line.substring(k, keyEnd), line.substring(value));
        return true;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\f';
    }
}

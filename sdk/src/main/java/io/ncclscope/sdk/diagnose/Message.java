package io.ncclscope.sdk.diagnose;

import io.ncclscope.sdk.internal.LazyTexts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A user-facing sentence kept as a key and arguments, rendered in the reader's language at the end.
 * Templates live in the {@code Messages.properties} and {@code Messages_zh_CN.properties} bundles of the
 * package named by {@code bundle} (each analyzer package has its own), with {@code ${name}} placeholders.
 *
 * @param bundle resource bundle base name, for example {@code io.ncclscope.sdk.diagnose.errors.Messages}
 * @param key    template key
 * @param args   placeholder values, in insertion order
 */
public record Message(String bundle, String key, Map<String, String> args) {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([a-zA-Z0-9_]+)}");
    /** Each anchor class's bundle name, built once per class rather than once per message. */
    private static final ClassValue<String> BUNDLES = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> anchor) {
            return anchor.getPackageName() + ".Messages";
        }
    };
    /**
     * Templates read and split once per JVM, by bundle then key: English ([0]) and Chinese ([1]). Bounded by the
     * bundles' keys; a missing key throws and is not kept.
     */
    private static final Map<String, List<Map<String, String[]>>> TEMPLATES = new ConcurrentHashMap<>();

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required, checks the values.
     *
     * @param bundle resource bundle base name, for example {@code io.ncclscope.sdk.diagnose.errors.Messages}
     * @param key    template key
     * @param args   placeholder values, in insertion order
     * @throws NullPointerException when a required component is null
     * @throws IllegalArgumentException when a value is out of range
     */
    public Message {
        Objects.requireNonNull(bundle, "bundle");
        Objects.requireNonNull(key, "key");
        args = orderedCopy(args);
    }

    /** {@return an unmodifiable copy of {@code m} in its iteration order, which the report's order and merging of findings read} */
    static Map<String, String> orderedCopy(Map<String, String> m) {
        return m.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }

    /**
     * {@return a message from the {@code Messages} bundle of {@code anchor}'s package, with alternating name/value
     * arguments ({@code "gpu", "GPU3", "nic", "mlx5_0"})} Null values render as {@code ?}.
     *
     * @param anchor     a class of the package whose {@code Messages} bundle holds the template
     * @param key        the template key
     * @param nameValues alternating placeholder names and values
     */
    public static Message of(Class<?> anchor, String key, Object... nameValues) {
        if (nameValues.length % 2 != 0) throw new IllegalArgumentException("arguments come in name/value pairs");
        Map<String, String> args = new LinkedHashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            args.put(String.valueOf(nameValues[i]), nameValues[i + 1] == null ? "?" : String.valueOf(nameValues[i + 1]));
        }
        return new Message(BUNDLES.get(anchor), key, args);
    }

    /**
     * {@return the sentence in {@code locale} (English unless a Chinese locale is asked for)}
     *
     * @param locale Simplified Chinese for any Chinese locale, English otherwise
     * @throws MissingResourceException when the bundle or the key is missing (a bug, caught by tests)
     */
    public String render(Locale locale) {
        boolean zh = locale != null && "zh".equals(locale.getLanguage());
        List<Map<String, String[]>> known = TEMPLATES.get(bundle);
        String[] pieces = known == null ? null : known.get(zh ? 1 : 0).get(key);
        if (pieces == null) {
            pieces = split(bundle, key, zh); // throws before anything is kept when the bundle or the key is missing
            TEMPLATES.computeIfAbsent(bundle, b -> List.of(new ConcurrentHashMap<>(), new ConcurrentHashMap<>()))
                    .get(zh ? 1 : 0).put(key, pieces);
        }
        if (pieces.length == 1) return pieces[0];
        StringBuilder sb = new StringBuilder(pieces[0].length() + 16 * pieces.length);
        for (int i = 0; i < pieces.length; i++) {
            if (i % 2 == 0) {
                sb.append(pieces[i]);
            } else {
                String v = args.get(pieces[i]);
                if (v == null) sb.append("${").append(pieces[i]).append('}');
                else sb.append(v);
            }
        }
        return sb.toString();
    }

    /**
     * {@return the template of {@code key} split at its placeholders: text, name, text, ..., text (an odd count)}
     *
     * @throws MissingResourceException when the bundle or the key is missing
     */
    private static String[] split(String bundle, String key, boolean zh) {
        // Read as ResourceBundle.getBundle reads ROOT or zh_CN exactly (the zh_CN file, then the base file, and never
        // the JVM default locale), but code by code and shared with the rule catalogue: getBundle looked for a class
        // of each name first and parsed every line of each file, a twentieth of a short command's run.
        String template = LazyTexts.bundle(bundle, zh).get(key);
        if (template == null) throw new MissingResourceException("no " + key + " in " + bundle, bundle, key);
        List<String> pieces = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(template);
        int from = 0;
        while (m.find()) {
            pieces.add(template.substring(from, m.start()));
            pieces.add(m.group(1));
            from = m.end();
        }
        pieces.add(template.substring(from));
        return pieces.toArray(String[]::new);
    }

    // equals and hashCode by hand, for the AOT cache (see Finding); RecordEqualityTest holds them to the contract.
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof Message o && Objects.equals(bundle, o.bundle)
                && Objects.equals(key, o.key) && Objects.equals(args, o.args);
    }

    @Override
    public int hashCode() {
        return Objects.hash(bundle, key, args);
    }
}

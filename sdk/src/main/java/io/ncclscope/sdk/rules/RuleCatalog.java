package io.ncclscope.sdk.rules;

import io.ncclscope.sdk.internal.LazyTexts;
import io.ncclscope.sdk.report.FinalReport.ObservationKind;
import io.ncclscope.sdk.report.FixArea;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The finding-code catalogue: every code ncclscope can report, each with everything known about it in one entry
 * ({@link FindingCode}: category, default severity, bandwidth segment, sources, workflow role, report symptom, the
 * fix area of each action, text keys), and its user-facing text in English and Simplified Chinese.
 *
 * <p>An entry is one block of {@code Rules.properties} ({@value #BUNDLE_BASE_NAME}, English, the default), its
 * translation the same keys in {@code Rules_zh_CN.properties}; both UTF-8. The entry's data keys are
 * {@code CODE.category}, {@code CODE.severity}, {@code CODE.segment}, {@code CODE.workflow}, {@code CODE.symptom}
 * (optional), {@code CODE.source.1..n} and {@code CODE.action.N.area}; its texts {@code CODE.title},
 * {@code CODE.meaning}, {@code CODE.cause.1..n} (most likely first), {@code CODE.action.1..n} (cheapest first) and
 * {@code CODE.action.N.command}. Catalogue order is file order: errors, transport, topology and links, bandwidth. An
 * entry is read when first asked for, and one that is incomplete or malformed fails there; the tests read every entry
 * ({@link #codes()}), so the build fails and no code can lack a workflow role or a fix area. The causes and actions are drawn first from the seed troubleshooting method, then from the NCCL documentation
 * and sources.
 *
 * <p>The language is chosen from the requested locale alone, never from the JVM default locale: English on a Chinese
 * machine stays English. More codes can be added from another bundle of the same form with {@link #register}. This
 * class is thread-safe; it has only static members.
 */
public final class RuleCatalog {

    /** The base name of the resource bundles holding the built-in entries and texts. */
    public static final String BUNDLE_BASE_NAME = "io.ncclscope.sdk.rules.Rules";

    private static final List<Locale> SUPPORTED = List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE);

    /** One pair of bundles: the English file (entries and texts) and, read when first asked for, its translation. */
    private static final class Bundle {
        private final Class<?> owner;
        private final String path;
        /**
         * Whether this is the built-in pair, read through {@link LazyTexts#bundle} and so shared with the detail
         * sentences of findings ({@code Message}), which live in the same files.
         */
        private final boolean builtIn;
        private final LazyTexts english;
        private volatile LazyTexts chinese;
        /** Each code's text once read, English then Chinese: read once per JVM, not once per finding. */
        private final Map<String, RuleText> englishTexts = new ConcurrentHashMap<>();
        private final Map<String, RuleText> chineseTexts = new ConcurrentHashMap<>();

        Bundle(Class<?> owner, String baseName) {
            this.owner = owner;
            this.path = baseName.replace('.', '/');
            this.builtIn = owner == RuleCatalog.class && BUNDLE_BASE_NAME.equals(baseName);
            this.english = builtIn ? LazyTexts.bundle(baseName, false) : LazyTexts.load(owner, path + ".properties", null);
        }

        LazyTexts texts(boolean zh) {
            if (!zh) return english;
            LazyTexts c = chinese;
            if (c == null) {
                c = builtIn ? LazyTexts.bundle(BUNDLE_BASE_NAME, true)
                        : LazyTexts.load(owner, path + "_zh_CN.properties", english);
                chinese = c;
            }
            return c;
        }
    }

    /**
     * The catalogue as it stands: every code in catalogue order and the bundle pair it comes from; replaced whole when
     * codes are registered. The entries themselves are read when first asked for ({@link #ENTRIES}).
     */
    private record State(List<String> names, Map<String, Bundle> bundleOf) {
    }

    private static volatile State state = add(new State(List.of(), Map.of()), new Bundle(RuleCatalog.class, BUNDLE_BASE_NAME));

    /**
     * Each code's entry, read from its bundle's lines when first asked for: a short command reads the few codes it
     * reports, not all sixty (reading them all was a fifth of a one-file analyze). Every entry of the built-in
     * catalogue is read and checked by the tests ({@code RuleCatalogTest}, {@code FindingCodeTest}); a registered
     * bundle's entries are all read and checked when it is registered.
     */
    private static final Map<String, FindingCode> ENTRIES = new ConcurrentHashMap<>();

    private RuleCatalog() {
    }

    /**
     * Every rule, in catalogue order: errors, transport, topology and links, bandwidth, then registered codes.
     *
     * @return an unmodifiable list
     */
    public static List<Rule> all() {
        List<Rule> rules = new ArrayList<>();
        for (FindingCode c : codes()) rules.add(c.rule());
        return List.copyOf(rules);
    }

    /**
     * Every finding code, in catalogue order (as {@link #all()}), without reading the entries: for what needs only the
     * order, such as sorting findings.
     *
     * @return an unmodifiable list
     */
    public static List<String> codeNames() {
        return state.names();
    }

    /**
     * The rule with this code.
     *
     * @param code a finding code, e.g. {@code NCCL_CONNECT_FAILED}
     * @return the rule, or empty when no rule has this code
     */
    public static Optional<Rule> find(String code) {
        return code(code).map(FindingCode::rule);
    }

    /**
     * Every catalogue entry, in catalogue order.
     *
     * @return an unmodifiable list
     */
    public static List<FindingCode> codes() {
        State s = state;
        List<FindingCode> codes = new ArrayList<>(s.names().size());
        for (String name : s.names()) codes.add(read(name, s.bundleOf().get(name)));
        return List.copyOf(codes);
    }

    /**
     * The catalogue entry of this code.
     *
     * @param code a finding code, e.g. {@code NCCL_CONNECT_FAILED}
     * @return the entry, or empty when no entry has this code
     */
    public static Optional<FindingCode> code(String code) {
        Bundle b = state.bundleOf().get(Objects.requireNonNull(code, "code"));
        return b == null ? Optional.empty() : Optional.of(read(code, b));
    }

    /**
     * {@return the entry of {@code code} from {@code bundle}, read once per JVM}
     *
     * @throws IllegalStateException when the entry is malformed or incomplete
     */
    private static FindingCode read(String code, Bundle bundle) {
        FindingCode e = ENTRIES.get(code);
        if (e == null) {
            e = entry(code, bundle.english.entryData(code), bundle.english.textKeys(code));
            FindingCode before = ENTRIES.putIfAbsent(code, e);
            if (before != null) e = before;
        }
        return e;
    }

    /**
     * Whether {@code code} names a finding code of the catalogue, without reading its entry (the message catalogue
     * checks each of its rows' classification so at every start).
     */
    static boolean isCode(String code) {
        return state.bundleOf().containsKey(code);
    }

    /**
     * The catalogue entry of a code that must exist, for code that holds a finding (whose code the catalogue checked).
     *
     * @param code a finding code
     * @return the entry
     * @throws IllegalArgumentException when no entry has this code
     */
    public static FindingCode entry(String code) {
        return code(code).orElseThrow(() -> new IllegalArgumentException("unknown finding code: " + code));
    }

    /**
     * Adds the codes of another bundle pair of the same form as the built-in one ({@code baseName.properties} with
     * the entries and English texts, {@code baseName_zh_CN.properties} with the Chinese texts), read from the module
     * or class path of {@code owner}. They come after the codes already known, in file order. For extensions and tests:
     * codes are only added, never replaced.
     *
     * @param owner    a class beside the bundles
     * @param baseName the bundles' base name, e.g. {@code com.example.ncclscope.ExtraRules}
     * @return the entries added
     * @throws MissingResourceException when a bundle is missing
     * @throws IllegalStateException    when an entry is malformed or incomplete, or a code is already in the catalogue
     */
    public static synchronized List<FindingCode> register(Class<?> owner, String baseName) {
        Bundle b = new Bundle(Objects.requireNonNull(owner, "owner"), Objects.requireNonNull(baseName, "baseName"));
        b.texts(true);
        State before = state;
        State after = add(before, b);
        // Every new entry is read and checked before any is published: a malformed bundle adds nothing.
        List<FindingCode> added = new ArrayList<>();
        for (String code : b.english.entryCodes()) {
            added.add(entry(code, b.english.entryData(code), b.english.textKeys(code)));
        }
        for (FindingCode c : added) ENTRIES.putIfAbsent(c.rule().code(), c);
        state = after;
        return List.copyOf(added);
    }

    /**
     * The text of a rule in the language of {@code locale}: Simplified Chinese for any Chinese
     * locale ({@code zh}, {@code zh-CN}, {@code zh-Hans}, ... ), English for every other one. The
     * JVM default locale is never consulted.
     *
     * @param code   a finding code
     * @param locale the reader's locale
     * @return the title, meaning, causes and actions
     * @throws IllegalArgumentException when no rule has this code
     * @throws MissingResourceException when the bundles lack a text of this rule (a packaging bug)
     */
    public static RuleText text(String code, Locale locale) {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(locale, "locale");
        Bundle b = state.bundleOf().get(code);
        if (b == null) {
            throw new IllegalArgumentException("unknown finding code: " + code);
        }
        boolean zh = isChinese(locale);
        Map<String, RuleText> known = zh ? b.chineseTexts : b.englishTexts;
        RuleText text = known.get(code);
        if (text == null) {
            text = read(code, b.texts(zh)); // throws before anything is kept when a text is missing
            known.put(code, text);
        }
        return text;
    }

    /** {@return the text of {@code code} read from {@code bundle}} */
    private static RuleText read(String code, LazyTexts bundle) {
        String title = required(bundle, code + ".title");
        String meaning = required(bundle, code + ".meaning");
        List<String> causes = new ArrayList<>();
        for (int i = 1; bundle.get(code + ".cause." + i) != null; i++) {
            causes.add(bundle.get(code + ".cause." + i));
        }
        List<Action> actions = new ArrayList<>();
        for (int i = 1; bundle.get(code + ".action." + i) != null; i++) {
            String prefix = code + ".action." + i;
            String command = bundle.get(prefix + ".command");
            actions.add(new Action(bundle.get(prefix), command == null ? "" : command));
        }
        if (causes.isEmpty() || actions.isEmpty()) {
            throw new MissingResourceException("no causes or actions for " + code, BUNDLE_BASE_NAME, code);
        }
        return new RuleText(title, meaning, causes, actions);
    }

    /**
     * The locales with texts of their own: English (the default) and Simplified Chinese
     * ({@code zh-CN}).
     *
     * @return an unmodifiable list, English first
     */
    public static List<Locale> supportedLocales() {
        return SUPPORTED;
    }

    /**
     * The supported locale whose texts {@link #text} returns for {@code locale}.
     *
     * @param locale the reader's locale
     * @return {@link Locale#SIMPLIFIED_CHINESE} for Chinese locales, {@link Locale#ENGLISH} otherwise
     */
    public static Locale resolve(Locale locale) {
        return isChinese(Objects.requireNonNull(locale, "locale")) ? Locale.SIMPLIFIED_CHINESE : Locale.ENGLISH;
    }

    /** The texts of {@code code} in the English ({@code false}) or Chinese bundle, for tests; null for no such code. */
    static LazyTexts texts(String code, boolean zh) {
        Bundle b = state.bundleOf().get(code);
        return b == null ? null : b.texts(zh);
    }

    private static boolean isChinese(Locale locale) {
        // Only Simplified Chinese is written; a Traditional Chinese reader still gets it rather
        // than English.
        return "zh".equals(locale.getLanguage());
    }

    /** {@code state} with the codes of {@code bundle} after its own; their entries are not read here. */
    private static State add(State state, Bundle bundle) {
        List<String> names = new ArrayList<>(state.names());
        Map<String, Bundle> bundleOf = new LinkedHashMap<>(state.bundleOf());
        for (String code : bundle.english.entryCodes()) {
            if (bundleOf.put(code, bundle) != null) throw new IllegalStateException("duplicate finding code " + code);
            names.add(code);
        }
        return new State(List.copyOf(names), Map.copyOf(bundleOf));
    }

    /** Reads one entry; every failure names the code and the key. */
    private static FindingCode entry(String code, Properties data, List<String> textKeys) {
        try {
            List<String> sources = new ArrayList<>();
            for (int i = 1; data.getProperty(code + ".source." + i) != null; i++) {
                sources.add(data.getProperty(code + ".source." + i));
            }
            Rule rule = new Rule(code, Category.valueOf(value(data, code, "category")),
                    FindingSeverity.valueOf(value(data, code, "severity")),
                    Segment.valueOf(value(data, code, "segment")), sources);
            WorkflowRole role = WorkflowRole.parse(value(data, code, "workflow"));
            String symptomText = data.getProperty(code + ".symptom");
            FindingCode.Symptom symptom = symptomText == null ? null : symptom(symptomText.strip());
            int actions = 0;
            for (String k : textKeys) if (isActionKey(k, code)) actions++;
            List<FixArea.Placement> areas = new ArrayList<>();
            for (int i = 1; i <= actions; i++) areas.add(area(value(data, code, "action." + i + ".area")));
            if (data.getProperty(code + ".action." + (actions + 1) + ".area") != null) {
                throw new IllegalArgumentException("an area for action " + (actions + 1) + ", which has no text");
            }
            return new FindingCode(rule, role, symptom, areas, textKeys);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalStateException("catalogue entry " + code + ": " + e.getMessage(), e);
        }
    }

    /** Whether {@code key} is {@code CODE.action.N} (the text of an action, not its command or area). */
    private static boolean isActionKey(String key, String code) {
        int from = code.length() + ".action.".length();
        if (key.length() <= from || !key.startsWith(".action.", code.length())) return false;
        for (int i = from; i < key.length(); i++) if (key.charAt(i) < '0' || key.charAt(i) > '9') return false;
        return true;
    }

    private static String value(Properties data, String code, String key) {
        String v = data.getProperty(code + "." + key);
        if (v == null || v.isBlank()) throw new IllegalArgumentException("no " + code + "." + key);
        return v.strip();
    }

    /** {@code fabric check}: the area and kind of an action. */
    private static FixArea.Placement area(String text) {
        String[] v = text.split(" ");
        if (v.length != 2) throw new IllegalArgumentException("an action area is 'AREA KIND', not '" + text + "'");
        return new FixArea.Placement(FixArea.valueOf(v[0].toUpperCase(Locale.ROOT)),
                FixArea.Kind.valueOf(v[1].toUpperCase(Locale.ROOT)));
    }

    /** {@code JITTER from WARNING}: the symptom a finding is stated as, from a severity. */
    private static FindingCode.Symptom symptom(String text) {
        String[] v = text.split(" ");
        if (v.length != 3 || !v[1].equals("from")) {
            throw new IllegalArgumentException("a symptom is 'KIND from SEVERITY', not '" + text + "'");
        }
        return new FindingCode.Symptom(ObservationKind.valueOf(v[0]), FindingSeverity.valueOf(v[2]));
    }

    private static String required(LazyTexts bundle, String key) {
        String v = bundle.get(key);
        if (v == null) throw new MissingResourceException("no text " + key, BUNDLE_BASE_NAME, key);
        return v;
    }
}

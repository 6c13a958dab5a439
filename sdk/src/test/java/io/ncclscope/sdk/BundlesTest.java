package io.ncclscope.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.rules.RuleCatalog;
import java.io.IOException;
import java.io.Reader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every resource bundle of the SDK (the Messages bundles of each analysis and of the report, the Rules catalogue)
 * says the same things in English and in Simplified Chinese: the same keys, each with the same placeholders, and a
 * Chinese text wherever English has prose. Bundles are found on the SDK's class path, so a new one is checked
 * without touching this test.
 */
class BundlesTest {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([a-zA-Z0-9_]+)}");
    private static final String ZH = "_zh_CN.properties";
    private static final Pattern CATALOGUE_ENTRY = Pattern.compile(
            "[A-Z0-9_]+\\.(category|severity|segment|workflow|symptom|source\\.\\d+|action\\.\\d+\\.area)");

    /** The folder the SDK's resources were copied to (target/classes). */
    private static Path classes() throws URISyntaxException {
        return Path.of(RuleCatalog.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** Names of the user-facing bundles; other properties files are data tables. */
    private static final Set<String> TEXT_BUNDLES = Set.of("Messages", "Texts", "Rules");

    /**
     * Every bundle's base path (relative, without {@code .properties}): each {@code Messages}, {@code Texts} or
     * {@code Rules} file, English or Chinese side, and any other file that has a {@code _zh_CN} side.
     */
    static List<String> bundles() throws Exception {
        Path root = classes();
        Set<String> bases = new TreeSet<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> p.toString().endsWith(".properties")).forEach(p -> {
                String rel = root.relativize(p).toString().replace('\\', '/');
                boolean zh = rel.endsWith(ZH);
                String base = zh ? rel.substring(0, rel.length() - ZH.length())
                        : rel.substring(0, rel.length() - ".properties".length());
                String name = base.substring(base.lastIndexOf('/') + 1);
                if (zh || TEXT_BUNDLES.contains(name)) bases.add(base);
            });
        }
        return List.copyOf(bases);
    }

    @org.junit.jupiter.api.Test
    void theBundlesOfEveryAnalysisAreFound() throws Exception {
        assertThat(bundles()).contains("io/ncclscope/sdk/rules/Rules", "io/ncclscope/sdk/report/Messages",
                "io/ncclscope/sdk/diagnose/errors/Messages", "io/ncclscope/sdk/diagnose/transport/Messages",
                "io/ncclscope/sdk/diagnose/topology/Messages", "io/ncclscope/sdk/diagnose/links/Messages",
                "io/ncclscope/sdk/bandwidth/Messages", "io/ncclscope/sdk/compare/Messages",
                "io/ncclscope/sdk/localize/Messages");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bundles")
    void englishAndChineseHoldTheSameKeysWithTheSamePlaceholders(String base) throws Exception {
        Path en = classes().resolve(base + ".properties");
        Path zh = classes().resolve(base + ZH);
        assertThat(en).as("English bundle of %s", base).exists();
        assertThat(zh).as("Chinese bundle of %s", base).exists();
        Properties e = load(en);
        Properties z = load(zh);
        // The English catalogue file also holds each code's entry data (category, workflow role, fix areas, ...),
        // which has nothing to translate.
        e.stringPropertyNames().stream().filter(k -> CATALOGUE_ENTRY.matcher(k).matches()).forEach(e::remove);
        Set<String> onlyEn = new TreeSet<>(e.stringPropertyNames());
        onlyEn.removeAll(z.stringPropertyNames());
        Set<String> onlyZh = new TreeSet<>(z.stringPropertyNames());
        onlyZh.removeAll(e.stringPropertyNames());
        assertThat(onlyEn).as("keys of %s missing in Chinese", base).isEmpty();
        assertThat(onlyZh).as("keys of %s missing in English", base).isEmpty();
        for (String k : e.stringPropertyNames()) {
            String ev = e.getProperty(k);
            String zv = z.getProperty(k);
            assertThat(ev).as("%s %s (en)", base, k).isNotBlank();
            assertThat(zv).as("%s %s (zh-CN)", base, k).isNotBlank();
            assertThat(placeholders(zv)).as("placeholders of %s %s", base, k).isEqualTo(placeholders(ev));
            if (k.endsWith(".command")) {
                // A command is pasted into a shell: the same in both languages.
                assertThat(zv).as("%s %s", base, k).isEqualTo(ev);
            } else if (words(ev) >= 4) {
                // Prose is translated; a short label of technical terms ("rank ${rank}") may stay as it is.
                assertThat(zv).as("%s %s is translated", base, k).containsPattern("\\p{IsHan}");
            }
        }
    }

    private static Properties load(Path p) throws IOException {
        Properties props = new Properties();
        try (Reader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            props.load(r);
        }
        return props;
    }

    /** Words of letters outside placeholders. */
    private static int words(String s) {
        int n = 0;
        Matcher m = Pattern.compile("[A-Za-z]{2,}").matcher(PLACEHOLDER.matcher(s).replaceAll(" "));
        while (m.find()) n++;
        return n;
    }

    private static Set<String> placeholders(String s) {
        Set<String> out = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(s);
        while (m.find()) out.add(m.group(1));
        return out;
    }
}

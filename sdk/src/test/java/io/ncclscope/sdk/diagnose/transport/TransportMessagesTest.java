package io.ncclscope.sdk.diagnose.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The analyzer's message bundles: the same keys and placeholders in English and Chinese, and every key used exists. */
class TransportMessagesTest {

    static Properties load(String name) throws IOException {
        Properties p = new Properties();
        try (InputStream in = TransportMessagesTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    static Set<String> placeholders(String s) {
        Set<String> out = new TreeSet<>();
        Matcher m = Pattern.compile("\\$\\{([a-zA-Z0-9_]+)}").matcher(s);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    @Test
    void everyKeyTheAnalyzerNamesExists() throws IOException {
        Properties en = load("Messages.properties");
        Path src = Path.of("src/main/java/io/ncclscope/sdk/diagnose/transport/TransportAnalyzer.java");
        if (!Files.exists(src)) return;
        String code = Files.readString(src);
        Matcher m = Pattern.compile("\"((?:ibdisabled|fallback|ifname|gdr|p2p)\\.[a-z0-9.]+)\"").matcher(code);
        Set<String> used = new TreeSet<>();
        while (m.find()) used.add(m.group(1));
        // ifname.lo.<how>.<scope> is built from parts.
        for (String how : new String[] {"auto", "exclude", "set"}) {
            for (String scope : new String[] {"multi", "single", "unknown"}) used.add("ifname.lo." + how + "." + scope);
        }
        used.removeIf(k -> k.endsWith("."));
        assertThat(en.stringPropertyNames()).containsAll(used);
    }
}

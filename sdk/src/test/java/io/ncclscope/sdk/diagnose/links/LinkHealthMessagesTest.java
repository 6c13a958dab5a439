package io.ncclscope.sdk.diagnose.links;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The two message bundles say the same things: the same keys with the same placeholders. */
class LinkHealthMessagesTest {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([a-zA-Z0-9_]+)}");

    private static Properties load(String name) throws IOException {
        Properties p = new Properties();
        try (InputStream in = LinkHealthAnalyzer.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    private static Set<String> placeholders(String s) {
        Set<String> out = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(s);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    @Test
    void bothLanguagesHaveTheSameKeysAndPlaceholders() throws IOException {
        Properties en = load("Messages.properties");
        Properties zh = load("Messages_zh_CN.properties");
        assertThat(zh.stringPropertyNames()).isEqualTo(en.stringPropertyNames());
        for (String k : en.stringPropertyNames()) {
            assertThat(placeholders(zh.getProperty(k))).as(k).isEqualTo(placeholders(en.getProperty(k)));
            assertThat(zh.getProperty(k)).as(k).matches("(?s).*[\\u4e00-\\u9fff].*");
        }
    }
}

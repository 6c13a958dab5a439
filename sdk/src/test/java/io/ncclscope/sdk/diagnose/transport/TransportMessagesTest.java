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
import java.util.stream.Stream;
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

    /**
     * Every detail key the package's classes name exists, and every key of the bundle is named: as a literal, as
     * {@code ifname.lo.<how>.<scope>}, or as a stem of {@code SocketInterfaceCheck.Verdict.of} that adds what the
     * interface costs ({@code .failed}, {@code .multi}, {@code .local}).
     */
    @Test
    void everyKeyTheChecksNameExistsAndEveryKeyIsNamed() throws IOException {
        Properties en = load("Messages.properties");
        Path dir = Path.of("src/main/java/io/ncclscope/sdk/diagnose/transport");
        assertThat(dir).isDirectory();
        Pattern literal = Pattern.compile("\"((?:ibdisabled|fallback|ifname|gdr|p2p)\\.[a-z0-9.]+)\"");
        Pattern stem = Pattern.compile("Verdict\\.of\\(\"([a-z0-9.]+)\"");
        Set<String> used = new TreeSet<>();
        Set<String> stems = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(x -> x.toString().endsWith(".java")).toList()) {
                String code = Files.readString(f);
                for (Matcher m = literal.matcher(code); m.find(); ) used.add(m.group(1));
                for (Matcher m = stem.matcher(code); m.find(); ) stems.add(m.group(1));
            }
        }
        used.removeAll(stems);
        used.removeIf(k -> k.endsWith("."));
        for (String how : new String[] {"auto", "exclude", "set"}) {
            for (String scope : new String[] {"multi", "single", "unknown"}) used.add("ifname.lo." + how + "." + scope);
        }
        assertThat(en.stringPropertyNames()).containsAll(used);
        Set<String> unnamed = new TreeSet<>(en.stringPropertyNames());
        unnamed.removeAll(used);
        for (String s : stems) {
            for (String cost : new String[] {"failed", "multi", "local"}) unnamed.remove(s + "." + cost);
        }
        assertThat(unnamed).as("keys no check names").isEmpty();
        assertThat(stems).isNotEmpty();
    }
}

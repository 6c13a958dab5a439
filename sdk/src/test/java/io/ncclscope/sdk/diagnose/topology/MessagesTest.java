package io.ncclscope.sdk.diagnose.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class MessagesTest {

    static final String BASE = "/io/ncclscope/sdk/diagnose/topology/";

    static Properties load(String name) throws IOException {
        Properties p = new Properties();
        try (InputStream in = MessagesTest.class.getResourceAsStream(BASE + name);
             Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            p.load(r);
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
    void everyKeyTheCodeNamesExists() throws IOException {
        Properties en = load("Messages.properties");
        Set<String> named = new TreeSet<>();
        Pattern lit = Pattern.compile("\"((?:affinity|numa|asym)\\.[a-zA-Z.]+)\"");
        Path src = Path.of("src/main/java/io/ncclscope/sdk/diagnose/topology");
        try (var files = Files.list(src)) {
            for (Path f : files.toList()) {
                Matcher m = lit.matcher(Files.readString(f));
                while (m.find()) named.add(m.group(1));
            }
        }
        // Keys built from parts: "affinity.poor" + ".sys" + ".pxn", "asym." + aspect, "asym.mixed." + aspect.
        for (String suffix : new String[] {"", ".sys", ".pxn", ".sys.pxn"}) named.add("affinity.poor" + suffix);
        for (String aspect : new String[] {"gpus", "nics", "models", "paths", "nvlink", "ranks"}) named.add("asym." + aspect);
        for (String aspect : new String[] {"models", "paths", "nvlink"}) named.add("asym.mixed." + aspect);
        named.remove("affinity.poor.");
        named.remove("asym.");
        named.remove("asym.mixed.");
        assertThat(en.stringPropertyNames()).containsAll(named);
        // Findings about a node's own layout are grouped across nodes with the "<key>.nodes" template.
        for (String k : named) {
            if (k.startsWith("affinity.") || k.startsWith("numa.") || k.equals("asym.legend")) {
                assertThat(en.stringPropertyNames()).contains(k + ".nodes");
                assertThat(placeholders(en.getProperty(k + ".nodes"))).containsAll(placeholders(en.getProperty(k)))
                        .contains("nodes", "nodeCount");
            }
        }
    }
}

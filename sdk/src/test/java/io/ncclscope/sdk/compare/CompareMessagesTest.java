package io.ncclscope.sdk.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Both bundles hold the same keys and placeholders; every finding of the examples renders in en and zh-CN. */
class CompareMessagesTest {

    static Properties load(String name) throws IOException {
        Properties p = new Properties();
        try (InputStream in = CompareMessagesTest.class.getResourceAsStream(name)) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    static TreeSet<String> placeholders(String s) {
        TreeSet<String> out = new TreeSet<>();
        Matcher m = Pattern.compile("\\$\\{([a-zA-Z0-9_]+)}").matcher(s);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    @Test
    void everyReadingHasASummary() throws IOException {
        Properties en = load("Messages.properties");
        for (Comparison.Reading r : Comparison.Reading.values()) {
            if (r != Comparison.Reading.NOT_JUDGED) {
                assertThat(en.stringPropertyNames()).contains("summary." + r.name().toLowerCase(Locale.ROOT));
            }
        }
    }

    @Test
    void everyExampleFindingRendersInBothLanguages() {
        List<Finding> all = new ArrayList<>();
        for (String ex : List.of("rdma-suspect", "congestion")) {
            all.addAll(Comparison.of("default", Tables.path(Tables.EXAMPLES.resolve("ab/" + ex + "/default")),
                    "ib-disable", Tables.path(Tables.EXAMPLES.resolve("ab/" + ex + "/ib-disable"))).findings());
        }
        all.addAll(Scaling.of(List.of(Tables.path(Tables.EXAMPLES.resolve("scaling")))).findings());
        assertThat(all).extracting(Finding::code).containsExactly("AB_RDMA_SUSPECT", "AB_CONGESTION_SUSPECT", "SCALING_KNEE");
        for (Finding f : all) {
            for (Locale l : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
                String text = Diagnosis.localize(f, l).detail();
                assertThat(text).doesNotContain("${");
            }
        }
        assertThat(Diagnosis.localize(all.get(0), Locale.SIMPLIFIED_CHINESE).detail()).contains("RDMA 栈", "无损");
    }
}

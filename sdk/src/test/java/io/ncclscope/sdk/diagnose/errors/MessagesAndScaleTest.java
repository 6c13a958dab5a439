package io.ncclscope.sdk.diagnose.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Both bundles hold the same keys with the same placeholders; the analyzer stays linear on a 1,024-node job. */
class MessagesAndScaleTest {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([a-zA-Z0-9_]+)}");

    static Properties bundle(String name) throws Exception {
        Properties p = new Properties();
        try (InputStream in = ErrorsAnalyzer.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        return p;
    }

    static Set<String> placeholders(String s) {
        Set<String> out = new TreeSet<>();
        Matcher m = PLACEHOLDER.matcher(s);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    @Test
    void everyFollowUpTextHasItsMainText() throws Exception {
        Properties en = bundle("Messages.properties");
        for (String k : en.stringPropertyNames()) {
            if (k.endsWith(".then")) assertThat(en).containsKey(k.substring(0, k.length() - 5));
        }
    }

    @Test
    void aThousandNodesOfClosedConnectionsWalkBackToTheOneOutOfMemory() {
        Evidence.Builder b = Evidence.builder();
        for (int n = 0; n < 1024; n++) {
            StringBuilder sb = new StringBuilder();
            String host = "node" + n;
            for (int g = 0; g < 8; g++) {
                int rank = n * 8 + g;
                sb.append(host).append(':').append(1000 + g).append(':').append(1000 + g).append(" [").append(g)
                        .append("] NCCL INFO ncclCommInitRank comm 0x").append(rank).append(" rank ").append(rank)
                        .append(" nranks 8192 cudaDev ").append(g).append(" nvmlDev ").append(g).append(" busId ")
                        .append(Integer.toHexString(0x18 + g * 0x11)).append("000 commId 0xfeed - Init START\n");
                sb.append(host).append(':').append(1000 + g).append(':').append(1000 + g).append(" [").append(g)
                        .append("] NCCL INFO NCCL version 2.21.5+cuda12.4\n");
            }
            sb.append(host).append(":1000:1001 [0] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer node")
                    .append((n + 1) % 1024).append("<5000>\n");
            sb.append(host).append(":1000:1001 [0] NCCL INFO misc/socket.cc:749 -> 6\n");
            if (n == 517) {
                sb.append(host).append(":1003:1009 [3] include/alloc.h:178 NCCL WARN Cuda failure 'out of memory'\n");
                sb.append(host).append(":1003:1009 [3] NCCL INFO transport/p2p.cc:204 -> 1\n");
            }
            b.addText(host + ".log", sb.toString());
        }
        Evidence e = b.build();
        ErrorsAnalyzer a = new ErrorsAnalyzer();
        a.analyze(e);
        long t0 = System.nanoTime();
        List<Finding> fs = a.analyze(e);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        // A figure, not a limit (timed assertions fail on a loaded machine); BundleBenchmark measures for real.
        System.out.println("errors: 1,024 nodes in " + ms + " ms");
        // The OOM of node517 is the cause; the 1,024 closed connections follow from it.
        assertThat(fs).extracting(Finding::code).containsExactly("NCCL_OUT_OF_MEMORY");
        assertThat(fs.get(0).subject().node()).isEqualTo("node517");
        assertThat(fs.get(0).subject().rank()).isEqualTo(517 * 8 + 3);
    }
}

package io.ncclscope.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.testing.PasteWraps;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The verdict does not depend on how a hardware tool's output was pasted: every {@code nvidia-smi topo -m},
 * {@code nvidia-smi -q}, {@code ibstat}, {@code ethtool}, {@code lspci}, {@code dmesg}, {@code ip link},
 * {@code show_gids}, {@code numactl -H}, nvbandwidth, perftest and NCCL topology XML file of the corpus and corpus-more,
 * pasted in each of {@link PasteWraps}' shapes (a Markdown fence with its prompt, an indented code block, a quote, CRLF,
 * trailing whitespace stripped, tabs expanded, the tool's own colours, pdsh, clush, ansible, {@code srun --label},
 * {@code dmesg -T} and {@code journalctl -k}), is detected as the same kinds and gets the same finding codes at the same
 * severities and the same verdict as the file itself ({@link WrappedLogsVerdictTest#answer}).
 *
 * <p>What a paste may change: the texts and quoted lines (they quote the pasted line), the node a finding names (pdsh,
 * clush, ansible and journalctl name {@code node1} where the file named none), and how many findings of one code and
 * severity there are. Not the kinds, the set of codes with their severities, or the verdict. Files the corpus holds as
 * something other than one of these tools' outputs ({@code other}) are left out.
 */
class PastedToolsVerdictTest {

    private static final Set<String> LEFT_OUT = Set.of("nccl-log", "nccl-tests", "other");

    /** The command a paste's prompt shows for a file of this manifest kind. */
    static String command(String manifest, String text) {
        return switch (manifest) {
            case "topo" -> "nvidia-smi topo -m";
            case "nvidia-smi-q" -> "nvidia-smi -q";
            case "ibstat" -> "ibstat";
            case "ethtool" -> "ethtool -S eth0";
            case "lspci" -> text.contains("+-") ? "lspci -tv" : "lspci -vvv";
            case "dmesg" -> "dmesg";
            case "iplink" -> "ip -d link";
            case "gids" -> "show_gids";
            case "numactl" -> "numactl -H";
            case "nvbandwidth" -> "./nvbandwidth";
            case "perftest" -> "ib_write_bw -d mlx5_0 --report_gbits node2";
            case "nccl-topo-xml" -> "cat topo.xml";
            default -> manifest;
        };
    }

    @Test
    void everyPasteOfAHardwareToolGivesTheVerdictOfThePlainFile() {
        Corpus.assumePresent();
        long start = System.nanoTime();
        List<String> moved = new ArrayList<>();
        Map<String, int[]> byShape = new TreeMap<>();
        Map<String, int[]> byTool = new TreeMap<>();
        int checked = 0;
        for (Corpus.Entry entry : Corpus.allEntries()) {
            if (LEFT_OUT.contains(entry.kind())) continue;
            String text = entry.text();
            String plain = WrappedLogsVerdictTest.answer(entry.name(), text);
            for (PasteWraps wrap : PasteWraps.applying(text, entry.kind())) {
                String pasted = WrappedLogsVerdictTest.answer(entry.name(), wrap.wrap(text, command(entry.kind(), text)));
                checked++;
                int[] shape = byShape.computeIfAbsent(wrap.name(), k -> new int[2]);
                int[] tool = byTool.computeIfAbsent(wrap + " " + entry.kind(), k -> new int[2]);
                shape[1]++;
                tool[1]++;
                if (!pasted.equals(plain)) {
                    shape[0]++;
                    tool[0]++;
                    moved.add(entry.name() + " " + wrap + "\n    plain:  " + plain + "\n    pasted: " + pasted);
                }
            }
        }
        moved.forEach(System.out::println);
        byShape.forEach((k, v) -> System.out.printf("  %-45s %3d of %3d moved%n", k, v[0], v[1]));
        byTool.forEach((k, v) -> {
            if (v[0] > 0) System.out.printf("  %-45s %3d of %3d moved%n", k, v[0], v[1]);
        });
        System.out.printf("pasted answers moved: %d of %d (%.1f s)%n", moved.size(), checked, (System.nanoTime() - start) / 1e9);
        assertThat(moved).as("answers that moved when the output was pasted").isEmpty();
    }
}

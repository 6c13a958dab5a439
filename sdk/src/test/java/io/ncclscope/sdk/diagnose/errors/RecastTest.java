package io.ncclscope.sdk.diagnose.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the errors pass keeps of a node's slice, as a template with the node's name taken out: nodes that say the same
 * but for their name share one key, and the node's copy made from the template is the slice it came from.
 */
class RecastTest {

    @Test
    void twoNodesThatDifferOnlyByNameShareOneTemplateAndGetTheirOwnCopyBack() {
        ErrorsAnalyzer.Kept a = slice("gpu-node0001", "946");
        ErrorsAnalyzer.Kept b = slice("gpu-node0002", "946");
        Recast ra = Recast.toTemplate("gpu-node0001");
        ErrorsAnalyzer.Kept ta = ra.kept(a);
        Recast rb = Recast.toTemplate("gpu-node0002");
        rb.kept(b);
        assertThat(ra.clashed()).isFalse();
        assertThat(ra.key()).isEqualTo(rb.key()).doesNotContain("gpu-node0001");
        assertThat(Recast.keyOf(ta)).isEqualTo(ra.key());
        // Node 2's copy from node 1's template is node 2's slice.
        assertThat(Recast.keyOf(Recast.fromTemplate("gpu-node0002").kept(ta))).isEqualTo(Recast.keyOf(b));
        assertThat(Recast.fromTemplate("gpu-node0002").kept(ta).parts.get(0).settings).isEqualTo(b.parts.get(0).settings);
    }

    @Test
    void nodesThatDifferBeyondTheirNameKeepTemplatesApart() {
        Recast ra = Recast.toTemplate("gpu-node0001");
        ra.kept(slice("gpu-node0001", "946"));
        Recast rb = Recast.toTemplate("gpu-node0002");
        rb.kept(slice("gpu-node0002", "947"));
        assertThat(ra.key()).isNotEqualTo(rb.key());
    }

    @Test
    void aShortNodeNameInsideOtherWordsComesBackExactly() {
        // The capture's host "vm" is also part of "nvmlDev" and "vmlinux".
        ErrorsAnalyzer.Kept k = slice("vm", "946");
        ErrorsAnalyzer.Kept back = Recast.fromTemplate("vm").kept(Recast.toTemplate("vm").kept(k));
        assertThat(Recast.keyOf(back)).isEqualTo(Recast.keyOf(k));
        assertThat(back.parts.get(0).settings).isEqualTo(k.parts.get(0).settings);
    }

    @Test
    void aSliceWhoseTextHoldsThePlaceholderIsNoTemplate() {
        ErrorsAnalyzer.Kept k = slice("gpu-node0001", "946" + Recast.NODE);
        Recast r = Recast.toTemplate("gpu-node0001");
        r.kept(k);
        assertThat(r.clashed()).isTrue();
    }

    /** A slice of one log with one finding and one init line, on {@code node}, its process {@code pid}. */
    private static ErrorsAnalyzer.Kept slice(String node, String pid) {
        ErrorsAnalyzer.Where where = new ErrorsAnalyzer.Where(false, node, 0);
        String name = node + "/nccl/duplicate-gpu.log";
        ErrorsAnalyzer.Part p = new ErrorsAnalyzer.Part(where, name);
        EvidenceLine init = new EvidenceLine(name, 19, node + ":" + pid + ":" + pid
                + " [0] NCCL INFO ncclCommInitRankConfig comm 0x41be4670 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 60 vmlinux");
        p.placed = List.of(new Consistency.Placed(init, node, Long.valueOf(pid.replace(Recast.NODE, "")), 0, 2, 0,
                "0000:00:06.0", "60", "0x41be4670", "0x6d984e9c3fee5064", false));
        p.settings = List.of(new Finding(Classifier.DUPLICATE, FindingSeverity.CRITICAL, Subject.node(node),
                Message.of(ErrorsAnalyzer.class, "duplicate", "who", node + ":" + pid + " [0] rank 1", "node", node),
                List.of(init), Map.of("node", node)));
        ErrorsAnalyzer.Kept k = new ErrorsAnalyzer.Kept();
        k.parts.add(p);
        k.ifaces.put(node, new ErrorsAnalyzer.FirstIface(where, 0, "eth0"));
        return k;
    }
}

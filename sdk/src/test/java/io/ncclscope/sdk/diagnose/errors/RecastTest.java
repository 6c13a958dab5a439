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
 * What the errors pass keeps of a node's slice, as a template with the node's name, the ids of its processes and
 * communicators and the times of its warnings taken out: nodes that say the same but for these share one key, and the
 * node's copy made from the template and its table of values is the slice it came from.
 */
class RecastTest {

    private static final String COMM_ID = "0x6d984e9c3fee5064";

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
        ErrorsAnalyzer.Kept back = Recast.fromTemplate("gpu-node0002", rb.values()).kept(ta);
        assertThat(Recast.keyOf(back)).isEqualTo(Recast.keyOf(b));
        assertThat(back.parts.get(0).settings).isEqualTo(b.parts.get(0).settings);
    }

    @Test
    void nodesWithTheirOwnPidsTidsAndCommunicatorsShareOneTemplateAndGetTheirOwnIdsBack() {
        // As on a cluster where every node ran its own processes: the distinct bundle of BundleBenchmark.
        ErrorsAnalyzer.Kept a = slice("gpu-node0001", "1946", "1946", "0xf3af372540a42c71");
        ErrorsAnalyzer.Kept b = slice("gpu-node0002", "2946", "2946", "0x51f6bdeec17aa84e");
        Recast ra = Recast.toTemplate("gpu-node0001");
        ErrorsAnalyzer.Kept ta = ra.kept(a);
        Recast rb = Recast.toTemplate("gpu-node0002");
        rb.kept(b);
        assertThat(ra.clashed()).isFalse();
        assertThat(ra.key()).isEqualTo(rb.key()).doesNotContain("1946", "f3af372540a42c71", "41be4670");
        // The pid and tid are equal: one entry; then the communicator's handle and id, in the order the init line has them.
        assertThat(ra.values()).containsExactly(1946L, 0x41be4670L, 0xf3af372540a42c71L);
        assertThat(rb.values()).containsExactly(2946L, 0x41be4670L, 0x51f6bdeec17aa84eL);
        ErrorsAnalyzer.Kept back = Recast.fromTemplate("gpu-node0002", rb.values()).kept(ta);
        assertThat(Recast.keyOf(back)).isEqualTo(Recast.keyOf(b));
        Consistency.Placed placed = back.parts.get(0).placed.get(0);
        assertThat(placed).isEqualTo(b.parts.get(0).placed.get(0));
        assertThat(placed.quote().text()).startsWith("gpu-node0002:2946:2946 [0]").endsWith("commId 0x51f6bdeec17aa84e vmlinux");
        assertThat(back.parts.get(0).settings).isEqualTo(b.parts.get(0).settings);
    }

    @Test
    void aPidThatDiffersFromItsTidKeepsTwoEntriesAndATemplateOfItsOwn() {
        Recast same = Recast.toTemplate("gpu-node0001");
        same.kept(slice("gpu-node0001", "946", "946", COMM_ID));
        Recast other = Recast.toTemplate("gpu-node0002");
        ErrorsAnalyzer.Kept b = slice("gpu-node0002", "946", "950", COMM_ID);
        ErrorsAnalyzer.Kept tb = other.kept(b);
        assertThat(other.values()).startsWith(946L, 950L);
        assertThat(other.key()).isNotEqualTo(same.key());
        assertThat(Recast.keyOf(Recast.fromTemplate("gpu-node0002", other.values()).kept(tb))).isEqualTo(Recast.keyOf(b));
    }

    @Test
    void idsNotWrittenAsTheTableWritesThemStayInTheTemplateAndComeBackExactly() {
        // A leading zero, an upper-case communicator id: the table would give them back otherwise.
        ErrorsAnalyzer.Kept k = slice("gpu-node0001", "0946", "0946", "0x6D984E9C3FEE5064");
        Recast r = Recast.toTemplate("gpu-node0001");
        ErrorsAnalyzer.Kept t = r.kept(k);
        assertThat(r.clashed()).isFalse();
        assertThat(r.key()).contains(":0946", "0x6D984E9C3FEE5064");
        assertThat(Recast.keyOf(Recast.fromTemplate("gpu-node0001", r.values()).kept(t))).isEqualTo(Recast.keyOf(k));
    }

    @Test
    void nodesThatDifferBeyondTheirNameAndIdsKeepTemplatesApart() {
        Recast ra = Recast.toTemplate("gpu-node0001");
        ra.kept(slice("gpu-node0001", "946"));
        Recast rb = Recast.toTemplate("gpu-node0002");
        ErrorsAnalyzer.Kept b = slice("gpu-node0002", "946");
        b.ifaces.put("gpu-node0002", new ErrorsAnalyzer.FirstIface(b.parts.get(0).where, 0, "eth1"));
        rb.kept(b);
        assertThat(ra.key()).isNotEqualTo(rb.key());
    }

    @Test
    void aShortNodeNameInsideOtherWordsComesBackExactly() {
        // The capture's host "vm" is also part of "nvmlDev" and "vmlinux".
        ErrorsAnalyzer.Kept k = slice("vm", "946");
        Recast r = Recast.toTemplate("vm");
        ErrorsAnalyzer.Kept t = r.kept(k);
        ErrorsAnalyzer.Kept back = Recast.fromTemplate("vm", r.values()).kept(t);
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

    @Test
    void aSliceWhoseTextHoldsAValuePlaceholderIsNoTemplate() {
        ErrorsAnalyzer.Kept k = slice("gpu-node0001", "946" + Recast.DEC + "0" + Recast.END);
        Recast r = Recast.toTemplate("gpu-node0001");
        r.kept(k);
        assertThat(r.clashed()).isTrue();
    }

    @Test
    void nodesWhoseWarningsCameAtOtherTimesShareOneTemplateAndGetTheirOwnTimesBack() {
        // NCCL writes the time before each WARN line; every node of a real cluster warns at its own times.
        ErrorsAnalyzer.Kept a = warned(slice("gpu-node0001", "946"), "[2026-12-02 09:03:10]");
        ErrorsAnalyzer.Kept b = warned(slice("gpu-node0002", "946"), "[2026-12-02 09:03:11]");
        Recast ra = Recast.toTemplate("gpu-node0001");
        ErrorsAnalyzer.Kept ta = ra.kept(a);
        Recast rb = Recast.toTemplate("gpu-node0002");
        rb.kept(b);
        assertThat(ra.clashed()).isFalse();
        assertThat(ra.key()).isEqualTo(rb.key()).doesNotContain("09:03");
        assertThat(rb.values()).contains(20261202090311L);
        ErrorsAnalyzer.Kept back = Recast.fromTemplate("gpu-node0002", rb.values()).kept(ta);
        assertThat(Recast.keyOf(back)).isEqualTo(Recast.keyOf(b));
        assertThat(back.parts.get(0).settings.get(1).evidence().get(0).text())
                .isEqualTo("[2026-12-02 09:03:11] gpu-node0002:946:946 [0] bootstrap.cc:114 NCCL WARN Bootstrap : no socket interface found");
    }

    @Test
    void timesInAnotherFormatStayInTheTemplateAndComeBackExactly() {
        // NCCL_DEBUG_TIMESTAMP_FORMAT may be anything; only its default form is taken out, leading zeros and all.
        for (String time : List.of("[2026-12-02T09:03:10]", "[2026-12-2 09:03:10]", "[0001-01-01 00:00:00.123]", "[0001-01-01 00:00:00]")) {
            ErrorsAnalyzer.Kept k = warned(slice("gpu-node0001", "946"), time);
            Recast r = Recast.toTemplate("gpu-node0001");
            ErrorsAnalyzer.Kept t = r.kept(k);
            assertThat(r.clashed()).as(time).isFalse();
            ErrorsAnalyzer.Kept back = Recast.fromTemplate("gpu-node0001", r.values()).kept(t);
            assertThat(Recast.keyOf(back)).as(time).isEqualTo(Recast.keyOf(k));
            assertThat(back.parts.get(0).settings.get(1).evidence().get(0).text()).as(time).startsWith(time + " gpu-node0001:946");
        }
    }

    @Test
    void aSliceWhoseTextHoldsTheTimePlaceholderIsNoTemplate() {
        Recast r = Recast.toTemplate("gpu-node0001");
        r.kept(warned(slice("gpu-node0001", "946"), "[" + Recast.TIME + "0" + Recast.END + "]"));
        assertThat(r.clashed()).isTrue();
    }

    @Test
    void aNegativePidIsNoTemplate() {
        // A template writes a pid's table entry as a negative number.
        ErrorsAnalyzer.Kept k = slice("gpu-node0001", "946");
        ErrorsAnalyzer.Part p = k.parts.get(0);
        Consistency.Placed x = p.placed.get(0);
        p.placed = List.of(new Consistency.Placed(x.quote(), x.host(), -946L, x.rank(), x.nranks(), x.cudaDev(), x.busId(),
                x.busIdRaw(), x.comm(), x.commId(), x.multiRankAllowed()));
        Recast r = Recast.toTemplate("gpu-node0001");
        r.kept(k);
        assertThat(r.clashed()).isTrue();
    }

    /** {@code k} with a second finding quoting a WARN line of its first log that NCCL wrote at {@code time}. */
    private static ErrorsAnalyzer.Kept warned(ErrorsAnalyzer.Kept k, String time) {
        ErrorsAnalyzer.Part p = k.parts.get(0);
        String node = p.where.node();
        EvidenceLine warn = new EvidenceLine(p.name, 5,
                time + " " + node + ":946:946 [0] bootstrap.cc:114 NCCL WARN Bootstrap : no socket interface found");
        p.settings = List.of(p.settings.get(0), new Finding(Classifier.NO_IFACE, FindingSeverity.CRITICAL, Subject.node(node),
                Message.of(ErrorsAnalyzer.class, "noiface", "who", node + ":946 [0]", "text", "Bootstrap : no socket interface found"),
                List.of(warn), Map.of("node", node)));
        return k;
    }

    /** A slice of one log with one finding and one init line, on {@code node}, its process {@code pid}. */
    private static ErrorsAnalyzer.Kept slice(String node, String pid) {
        return slice(node, pid, pid, COMM_ID);
    }

    /** A slice of one log with one finding and one init line, on {@code node}, its process {@code pid} and thread. */
    private static ErrorsAnalyzer.Kept slice(String node, String pid, String tid, String commId) {
        ErrorsAnalyzer.Where where = new ErrorsAnalyzer.Where(false, node, 0);
        String name = node + "/nccl/duplicate-gpu.log";
        ErrorsAnalyzer.Part p = new ErrorsAnalyzer.Part(where, name);
        EvidenceLine init = new EvidenceLine(name, 19, node + ":" + pid + ":" + tid
                + " [0] NCCL INFO ncclCommInitRankConfig comm 0x41be4670 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 60 commId "
                + commId + " vmlinux");
        String digits = pid.replaceAll("[^0-9]", "");
        p.placed = List.of(new Consistency.Placed(init, node, Long.valueOf(digits), 0, 2, 0, "0000:00:06.0", "60",
                "0x41be4670", commId, false));
        p.settings = List.of(new Finding(Classifier.DUPLICATE, FindingSeverity.CRITICAL, Subject.node(node),
                Message.of(ErrorsAnalyzer.class, "duplicate", "who", node + ":" + pid + " [0] rank 1", "node", node),
                List.of(init), Map.of("node", node)));
        ErrorsAnalyzer.Kept k = new ErrorsAnalyzer.Kept();
        k.parts.add(p);
        k.ifaces.put(node, new ErrorsAnalyzer.FirstIface(where, 0, "eth0"));
        return k;
    }
}

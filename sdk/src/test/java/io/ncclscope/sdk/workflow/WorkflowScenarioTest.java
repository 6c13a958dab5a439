package io.ncclscope.sdk.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.Situation;
import io.ncclscope.sdk.rules.StepId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The seed's five situations walked from an empty state to a conclusion, the way a chat bot works: each message brings
 * one piece of evidence, and the only memory between messages is the JSON state it handed out last time.
 *
 * <p>Inputs are real: public corpus files (read from {@code ../shared/corpus}, skipped when absent) and our own H200
 * capture under {@code examples/captured}; the slow-node walk uses the pairwise example of {@code examples/pairs}.
 * Where one public thread holds only part of a job (a log without its node's {@code ibstat}), the other parts are
 * pasted from other real captures "as node X", as a user answering the bot would; each step says so.
 */
class WorkflowScenarioTest {

    /** A stateless bot: state in, evidence in, state out (JSON), in the language of the chat. */
    private static final class Bot {
        private String state;
        private final Locale locale;

        Bot(Locale locale) {
            this.locale = locale;
        }

        Workflow start() {
            Workflow w = Workflow.empty();
            state = WorkflowJson.write(w, locale);
            return w;
        }

        Workflow feed(Evidence e) {
            Workflow prior = WorkflowJson.read(state);
            Workflow w = NcclScope.workflow(prior, e);
            state = WorkflowJson.write(w, locale);
            Workflow back = WorkflowJson.read(state);
            assertThat(back).isEqualTo(w);
            return back;
        }

        /** A corpus file as pasted; its node comes from its content. */
        Workflow paste(String corpusFile) {
            return feed(Evidence.builder().addText(corpusFile, Corpus.read(corpusFile)).build());
        }

        /** A corpus file pasted with "this is node X". */
        Workflow paste(String corpusFile, String node) {
            return feed(Evidence.builder().addText(corpusFile, Corpus.read(corpusFile), node).build());
        }

        Workflow path(String repoPath) throws IOException {
            return feed(NcclScope.evidence(Path.of("..").resolve(repoPath)));
        }
    }

    private static List<String> commands(Workflow w) {
        return w.next().stream().map(NextCommand::command).toList();
    }

    private static List<StepStatus> statuses(Workflow w) {
        return w.steps().stream().map(Step::status).toList();
    }

    @Test
    void anEmptyStateAsksForStepOneWithTheSeedsMustRunCommands() {
        Workflow w = new Bot(Locale.ENGLISH).start();
        assertThat(w.situation()).isEqualTo(Situation.UNKNOWN);
        assertThat(w.current()).map(Step::id).contains(StepId.COLLECT);
        assertThat(statuses(w)).containsOnly(StepStatus.MISSING);
        assertThat(commands(w)).contains("nvidia-smi topo -m", "lspci -tv", "numactl -H", "nvidia-smi -L", "ibstat");
        assertThat(w.step(StepId.COLLECT).missing()).contains(Need.NODE_LIST, Need.GPU_INVENTORY, Need.NIC_INVENTORY,
                Need.TOPO_MATRIX, Need.LAUNCH_ENV);
        assertThat(w.conclusion().primary()).isNull();
    }

    @Test
    void connectFailureFromAWrongInterface() {
        Corpus.assumePresent();
        Bot bot = new Bot(Locale.ENGLISH);
        bot.start();
        // OneFlow#3586: NCCL's socket transport uses the Docker veth next to eno1; connects time out.
        Workflow w = bot.paste("nccl-logs/oneflow-3586-1.txt");
        assertThat(w.situation()).isEqualTo(Situation.CONNECT_FAILURE);
        // Step 5 waits for its own item, a rerun after the fix: never "satisfied" beside it.
        assertThat(statuses(w)).containsExactly(StepStatus.SATISFIED, StepStatus.BLOCKED, StepStatus.NOT_NEEDED,
                StepStatus.NOT_NEEDED, StepStatus.PARTIAL);
        Step two = w.step(StepId.CONNECTIVITY);
        assertThat(two.blockers()).contains("NCCL_CONNECT_FAILED", "SOCKET_IFNAME_SUSPICIOUS");
        assertThat(two.satisfiedBy()).extracting(Check::need).contains(Need.NET_CHOICE);
        assertThat(two.satisfiedBy().get(0).links()).anyMatch(l -> l.text().contains("veth25f2e72"));
        // What is asked next: the interface list, and the 2-node x 1-GPU run bound to eno1 (not the veth).
        assertThat(w.current()).map(Step::id).contains(StepId.CONNECTIVITY);
        assertThat(commands(w)).contains("ip -br addr", "export NCCL_SOCKET_IFNAME=eno1",
                "NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET NCCL_SOCKET_IFNAME=eno1 torchrun --nnodes=2 --nproc_per_node=1"
                        + " --node_rank=0 --master_addr=worker --master_port=29500 <script.py>");
        assertThat(commands(w)).noneMatch(c -> c.contains("NCCL_SOCKET_IFNAME=veth"));
        // The user pastes 'ip a' of the node (a real capture of a host with eno1 up, eno2-4 down).
        w = bot.paste("iplink/trinity-187-1.txt", "worker");
        assertThat(w.step(StepId.CONNECTIVITY).satisfiedBy()).extracting(Check::need).contains(Need.IFACE_LIST);
        Conclusion c = w.conclusion();
        assertThat(c.complete()).isTrue();
        assertThat(c.primary().code()).isEqualTo("NCCL_CONNECT_FAILED");
        assertThat(c.chain()).first().satisfies(l -> assertThat(l.code()).isEqualTo("NCCL_CONNECT_FAILED"));
        assertThat(c.unproven()).containsExactly(Need.VERIFY_FIX);
        WorkflowView.ConclusionView v = w.view(Locale.ENGLISH).conclusion();
        assertThat(v.fixes()).anyMatch(a -> a.command().equals("export NCCL_SOCKET_IFNAME=eno1"));
        assertThat(v.summary()).startsWith("connect failure");
    }

    @Test
    void unhandledSystemErrorFromRdma() {
        Corpus.assumePresent();
        Bot bot = new Bot(Locale.SIMPLIFIED_CHINESE);
        bot.start();
        // NCCL#1814: RoCE completions fail with status 12 (retry exceeded) on hostname-test.
        Workflow w = bot.paste("nccl-logs/nccl-1814-1.txt");
        assertThat(w.situation()).isEqualTo(Situation.RDMA_ERROR);
        assertThat(statuses(w)).containsExactly(StepStatus.PARTIAL, StepStatus.SATISFIED, StepStatus.PARTIAL,
                StepStatus.MISSING, StepStatus.PARTIAL);
        // The NET/IB error itself shows NCCL chose IB; step 1 still wants the NICs and their rates.
        assertThat(w.step(StepId.CONNECTIVITY).satisfiedBy().get(0).links()).anyMatch(l -> "IB_COMPLETION_ERROR".equals(l.code()));
        assertThat(w.step(StepId.COLLECT).missing()).containsExactly(Need.NIC_INVENTORY);
        assertThat(commands(w)).contains("ibstat");
        // Step 3 asks for the TCP run (seed: 把 NCCL 退回到 TCP 验证), the devices, and the kernel log.
        assertThat(w.step(StepId.AB_SWITCH).missing()).containsExactly(Need.AB_IB_DISABLED, Need.RDMA_DEVICES, Need.KERNEL_LOG);
        assertThat(w.step(StepId.AB_SWITCH).commands()).extracting(NextCommand::command)
                .anyMatch(c -> c.contains("-x NCCL_IB_DISABLE=1") && c.contains("all_reduce_perf"))
                .contains("dmesg -T | grep -i xid", "dmesg -T | grep -i mlx", "ibv_devinfo");
        // Step 4 checks the node that reported the errors.
        assertThat(w.conclusion().suspects()).containsExactly("hostname-test");
        assertThat(w.step(StepId.NAME_NODE).commands()).extracting(NextCommand::command).contains("ssh hostname-test ibstat");
        // The user answers with the node's ibstat, its kernel log and its NIC counters (real captures of RoCE hosts).
        w = bot.paste("ibstat/gpud-ibstat-47-h100-roce-1.txt", "hostname-test");
        assertThat(w.step(StepId.COLLECT).status()).isEqualTo(StepStatus.SATISFIED);
        w = bot.paste("dmesg/gpud-pr-1209-1.txt", "hostname-test");
        w = bot.paste("ethtool/byteps-179-1.txt", "hostname-test");
        assertThat(w.step(StepId.NAME_NODE).status()).isEqualTo(StepStatus.SATISFIED);
        assertThat(w.step(StepId.NAME_NODE).checks()).filteredOn(Check::required).allMatch(ch -> "hostname-test".equals(ch.node()));
        // What remains is the A/B run itself: it is what the bot asks for next.
        assertThat(w.current()).map(Step::id).contains(StepId.AB_SWITCH);
        assertThat(w.step(StepId.AB_SWITCH).missing()).containsExactly(Need.AB_IB_DISABLED);
        Conclusion c = w.conclusion();
        assertThat(c.primary().code()).isEqualTo("IB_COMPLETION_ERROR");
        assertThat(c.complete()).isFalse();
        assertThat(c.unproven()).containsExactly(Need.AB_IB_DISABLED, Need.VERIFY_FIX);
        WorkflowView v = w.view(Locale.SIMPLIFIED_CHINESE);
        assertThat(v.language()).isEqualTo("zh-CN");
        assertThat(v.summary()).contains("RDMA").contains("第 3 步");
        assertThat(v.conclusion().unproven()).contains("同样的运行加 NCCL_IB_DISABLE=1（走 TCP）");
        assertThat(v.conclusion().fixes()).anyMatch(a -> a.command().contains("NCCL_IB_GID_INDEX"));
    }

    @Test
    void duplicateGpu() throws IOException {
        Bot bot = new Bot(Locale.ENGLISH);
        bot.start();
        // Our H200 capture: two ranks started on the one GPU of node vm.
        Workflow w = bot.path("examples/captured/h200-1gpu/nccl/duplicate-gpu.log");
        assertThat(w.situation()).isEqualTo(Situation.RANK_MAPPING);
        assertThat(w.step(StepId.CONNECTIVITY).status()).isEqualTo(StepStatus.BLOCKED);
        assertThat(w.step(StepId.CONNECTIVITY).blockers()).containsExactly("NCCL_DUPLICATE_GPU");
        assertThat(w.step(StepId.AB_SWITCH).status()).isEqualTo(StepStatus.NOT_NEEDED);
        assertThat(w.step(StepId.NAME_NODE).status()).isEqualTo(StepStatus.NOT_NEEDED);
        // Step 1 asks for the rank-to-GPU mapping the seed prints in every process.
        assertThat(w.current()).map(Step::id).contains(StepId.COLLECT);
        assertThat(w.step(StepId.COLLECT).missing()).contains(Need.LAUNCH_ENV);
        assertThat(commands(w)).anyMatch(c -> c.contains("torch.cuda.current_device()") && c.contains("LOCAL_RANK"));
        // The node's GPU list and topology, from the same capture.
        w = bot.path("examples/captured/h200-1gpu/sys/nvsmi-L.txt");
        w = bot.path("examples/captured/h200-1gpu/sys/topo-m.txt");
        assertThat(w.step(StepId.COLLECT).satisfiedBy()).extracting(Check::need)
                .contains(Need.NODE_LIST, Need.ERROR_LOG, Need.TOPO_MATRIX);
        Conclusion c = w.conclusion();
        assertThat(c.primary().code()).isEqualTo("NCCL_DUPLICATE_GPU");
        assertThat(c.primary().evidence().get(0).text()).contains("Duplicate GPU detected");
        assertThat(c.unproven()).contains(Need.VERIFY_FIX);
        assertThat(w.view(Locale.ENGLISH).conclusion().fixes())
                .anyMatch(a -> a.command().contains("torch.cuda.set_device(int(os.environ['LOCAL_RANK']))")
                        && io.ncclscope.sdk.rules.CommandLanguage.of(a.command()) == io.ncclscope.sdk.rules.CommandLanguage.PYTHON);
    }

    @Test
    void aHangNamesTheRankTheOthersWaitOnInStepFour() throws IOException {
        Bot bot = new Bot(Locale.ENGLISH);
        bot.start();
        // The rank-not-entered example: both nodes' training logs and every rank's Flight Recorder dump.
        Workflow w = bot.path("examples/hangs/rank-not-entered");
        assertThat(w.situation()).isEqualTo(Situation.HANG);
        assertThat(w.conclusion().primary().code()).isEqualTo("HANG_RANK_NOT_ENTERED");
        // The rank is named (step 4's first item); what its process does on its host is the next thing to read.
        Step nameNode = w.step(StepId.NAME_NODE);
        assertThat(nameNode.satisfiedBy()).extracting(Check::need).contains(Need.HANG_RANK);
        assertThat(nameNode.missing()).containsExactly(Need.HANG_STACKS);
        String host = w.conclusion().suspects().get(0);
        assertThat(nameNode.commands()).extracting(NextCommand::command)
                .anyMatch(c -> c.startsWith("ssh " + host + " py-spy dump --pid "))
                .anyMatch(c -> c.startsWith("ssh " + host + " dmesg -T") && c.contains("out of memory"));
        // No network step is asked for: the rank never entered the collective.
        assertThat(w.step(StepId.CONNECTIVITY).status()).isEqualTo(StepStatus.NOT_NEEDED);
        assertThat(w.step(StepId.AB_SWITCH).status()).isEqualTo(StepStatus.NOT_NEEDED);
        assertThat(w.view(Locale.SIMPLIFIED_CHINESE).summary()).contains("集合通信卡住了");
    }

    @Test
    void slowWithASocketFallback() {
        Corpus.assumePresent();
        Bot bot = new Bot(Locale.ENGLISH);
        bot.start();
        // CSCS docs: 2 nodes x 4 GH200 at 5.4 GB/s busbw, NCCL not on its optimised network back end.
        Workflow w = bot.paste("nccl-tests/cscs-docs-nccl-gh200-2.txt");
        assertThat(w.situation()).isEqualTo(Situation.SLOW);
        assertThat(w.facts().nodes()).containsExactly("nid005471", "nid005487");
        assertThat(w.facts().gpusPerNode()).isEqualTo(4);
        assertThat(w.step(StepId.CONNECTIVITY).satisfiedBy()).extracting(Check::need).contains(Need.MINIMAL_RUN);
        assertThat(w.step(StepId.CONNECTIVITY).missing()).containsExactly(Need.NET_CHOICE);
        // Step 3 asks for the A/B pair on these very nodes, 4 GPUs each.
        assertThat(w.step(StepId.AB_SWITCH).commands()).extracting(NextCommand::command)
                .anyMatch(c -> c.startsWith("mpirun -np 8 -H nid005471:4,nid005487:4") && c.contains("NCCL_IB_DISABLE=1"));
        // The NCCL_DEBUG=INFO log shows which network NCCL takes when it finds no RDMA device: our H200 capture,
        // 'NET/IB : No device found' then 'Using network Socket' (the mechanism the slow run hit).
        w = bot.paste("captured/h200-1gpu/nccl/info-1rank.log");
        assertThat(w.situation()).isEqualTo(Situation.SOCKET_FALLBACK);
        assertThat(w.step(StepId.CONNECTIVITY).status()).isEqualTo(StepStatus.SATISFIED);
        assertThat(w.step(StepId.AB_SWITCH).status()).isEqualTo(StepStatus.SATISFIED);
        assertThat(w.step(StepId.AB_SWITCH).satisfiedBy().get(0).links()).anyMatch(l -> l.text().contains("No device found"));
        assertThat(w.step(StepId.NAME_NODE).status()).isEqualTo(StepStatus.NOT_NEEDED);
        // Next: the NICs and their rates, with the interface NCCL used filled in.
        assertThat(w.step(StepId.COLLECT).missing()).containsExactly(Need.NIC_INVENTORY);
        assertThat(commands(w)).containsExactly("ibstat", "ethtool eth0");
        Conclusion c = w.conclusion();
        assertThat(c.primary().code()).isEqualTo("NET_SOCKET_FALLBACK");
        assertThat(c.supporting()).extracting(f -> f.code()).contains("BW_CURVE_ANOMALY");
        assertThat(c.unproven()).containsExactly(Need.NIC_INVENTORY, Need.VERIFY_FIX);
    }

    @Test
    void slowBecauseOfOneNode() throws IOException {
        Corpus.assumePresent();
        Bot bot = new Bot(Locale.ENGLISH);
        bot.start();
        // examples/pairs: 28 pairwise runs of 8 nodes; node05 is slow with every partner.
        Workflow w = bot.path("examples/pairs/results");
        assertThat(w.situation()).isEqualTo(Situation.SLOW_NODE);
        assertThat(w.conclusion().suspects()).containsExactly("node05");
        Step four = w.step(StepId.NAME_NODE);
        assertThat(four.status()).isEqualTo(StepStatus.PARTIAL);
        assertThat(four.satisfiedBy()).extracting(Check::need).containsExactly(Need.PAIRWISE);
        assertThat(four.missing()).containsExactly(Need.NODE_NIC_RATE, Need.NODE_COUNTERS, Need.NODE_XID, Need.NODE_NUMA);
        assertThat(four.commands()).extracting(NextCommand::command)
                .contains("ssh node05 ibstat", "ssh node05 dmesg -T | grep -iE 'xid|mlx5'", "ssh node05 numactl -H");
        assertThat(four.commands()).allMatch(c -> "node05".equals(c.node()));
        // The user pastes node05's outputs (real captures from other hosts): ports down, Xid 119, counters, NUMA.
        w = bot.paste("ibstat/gpud-ibstat-47-h100-some-down-2.txt", "node05");
        w = bot.paste("topo/codeidx-27527940882-dgxa100-1.txt", "node05");
        w = bot.paste("ethtool/byteps-179-1.txt", "node05");
        w = bot.paste("dmesg/gpud-testdata-dmesg-with-xid-119-1.txt", "node05");
        // A NUMA layout from another node does not count for the suspect.
        w = bot.paste("numactl/proxmox-cpu-affinity-58-1.txt", "node01");
        assertThat(w.step(StepId.NAME_NODE).status()).isEqualTo(StepStatus.SATISFIED);
        assertThat(w.step(StepId.NAME_NODE).satisfiedBy()).filteredOn(ch -> ch.need() == Need.NODE_NUMA)
                .singleElement().satisfies(ch -> assertThat(ch.links()).allMatch(l -> l.artifact().startsWith("topo/")));
        assertThat(statuses(w)).containsExactly(StepStatus.SATISFIED, StepStatus.SATISFIED, StepStatus.NOT_NEEDED,
                StepStatus.SATISFIED, StepStatus.PARTIAL);
        Conclusion c = w.conclusion();
        assertThat(c.complete()).isTrue();
        assertThat(c.primary().code()).isEqualTo("SLOW_NODE");
        assertThat(c.primary().subject().node()).isEqualTo("node05");
        assertThat(c.supporting()).extracting(f -> f.code()).contains("IB_PORT_NOT_ACTIVE", "GPU_XID");
        assertThat(c.unproven()).containsExactly(Need.VERIFY_FIX);
        // Every step before the conclusion is done; the conclusion waits for the rerun after the fix.
        assertThat(w.current()).map(Step::id).contains(StepId.CONCLUDE);
    }
}

package io.ncclscope.sdk.workflow;

import io.ncclscope.parsers.nccl.InterfaceList;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.Situation;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The commands that produce each checklist item, with the environment variables set (seed: NCCL_DEBUG=INFO to see the
 * network chosen, NCCL_SOCKET_IFNAME to bind the interface, NCCL_IB_DISABLE=1 for the A/B run) and the known facts
 * filled in; unknown values stay {@code <placeholders>}.
 */
final class Commands {

    /** Interfaces NCCL should not use between nodes: loopback, container bridges and veths, tunnels (seed: ^lo,docker0,virbr0). */
    static final Pattern NOT_TRAINING = Pattern.compile("^(lo|docker\\d*|veth[0-9a-f]{6,}|virbr.*|br-.*|cni.*|flannel.*|cali.*|ip6tnl.*|tunl.*|tun.*|tap.*|kube.*|nosuch.*)$");

    private static final String TEST = "./build/all_reduce_perf -b 8 -e 8G -f 2 -g 1";

    /** The exclusion a suggested NCCL_SOCKET_IFNAME starts from (loopback and Docker's bridges), and what it leaves out. */
    private static final String NCCL_EXCLUDED_TEXT = "^lo,docker";
    private static final InterfaceList NCCL_EXCLUDED = InterfaceList.of(NCCL_EXCLUDED_TEXT);

    private Commands() {
    }

    /** The interface to bind NCCL to: the first one NCCL or the node reported that is no loopback, bridge or tunnel. */
    static String trainingIface(Facts f, List<String> bad) {
        for (List<String> l : List.of(f.interfaces(), f.netdevs())) {
            for (String i : l) if (!NOT_TRAINING.matcher(i).matches() && !bad.contains(i)) return i;
        }
        return null;
    }

    /** The Flight Recorder settings that make every rank dump its last collectives when its watchdog fires. */
    static final String FLIGHT_RECORDER = "TORCH_NCCL_TRACE_BUFFER_SIZE=2000 TORCH_NCCL_DUMP_ON_TIMEOUT=1";

    /**
     * The commands that produce {@code need}'s item. {@code iface} is the interface to bind NCCL to, null when none is
     * known: the one a finding suggests, else {@link #trainingIface} (found once per plan, not once per item).
     */
    static List<NextCommand> of(Need need, Facts f, Situation situation, String suspect, List<String> badIfaces,
                                String iface, String pid) {
        String n1 = f.nodes().size() >= 1 ? f.nodes().get(0) : "<node1>";
        String n2 = f.nodes().size() >= 2 ? f.nodes().get(1) : "<node2>";
        String ifSet = iface != null ? iface : "<iface>";
        int gpnKnown = f.gpusPerNode() == null ? 0 : f.gpusPerNode();
        String gpn = gpnKnown > 0 ? String.valueOf(gpnKnown) : "<gpus_per_node>";
        String np = gpnKnown > 0 ? String.valueOf(2 * gpnKnown) : "<2*gpus_per_node>";
        String on = suspect == null ? "" : "ssh " + suspect + " ";
        String at = suspect;
        // The debug settings and the two-node mpirun line are written by the needs that use them, not for every need:
        // a plan asks for the commands of each step's needs in every analysis.
        List<NextCommand> out = new ArrayList<>();
        switch (need) {
            case NODE_LIST -> out.add(c(need, null, "scontrol show hostnames \"$SLURM_JOB_NODELIST\""));
            case GPU_INVENTORY -> {
                out.add(c(need, null, "nvidia-smi -L"));
                out.add(c(need, null, "nvidia-smi --query-gpu=index,name,pci.bus_id,pcie.link.gen.current,pcie.link.width.current --format=csv"));
            }
            case NIC_INVENTORY -> {
                out.add(c(need, null, "ibstat"));
                out.add(c(need, null, "ethtool " + ifSet));
            }
            case TOPO_MATRIX -> {
                out.add(c(need, null, "nvidia-smi topo -m"));
                out.add(c(need, null, "lspci -tv"));
                out.add(c(need, null, "numactl -H"));
            }
            case LAUNCH_ENV -> {
                out.add(c(need, null, "env | grep -E '^(NCCL_|CUDA_VISIBLE_DEVICES=|LOCAL_RANK=|RANK=|WORLD_SIZE=|MASTER_ADDR=|MASTER_PORT=)'"));
                if (situation == Situation.RANK_MAPPING) {
                    // Python for the training script, where the launcher has set RANK and LOCAL_RANK: a block of its own.
                    out.add(c(need, null, "import os, socket, torch\nprint(socket.gethostname(), os.environ.get('RANK'), "
                            + "os.environ.get('LOCAL_RANK'), os.environ.get('CUDA_VISIBLE_DEVICES'), torch.cuda.current_device())"));
                }
            }
            case ERROR_LOG -> out.add(c(need, null, debugSettings(ifSet) + " " + torchrun(f, n1, gpn, "0") + " 2>&1 | tee nccl-$(hostname).log"));
            case IFACE_LIST -> {
                out.add(c(need, null, "ip -br addr"));
                out.add(c(need, null, "ip -d link show"));
                if (!f.hcas().isEmpty() || situation == Situation.RDMA_ERROR) out.add(c(need, null, "ibdev2netdev"));
            }
            case NET_CHOICE, MINIMAL_RUN -> {
                String dbg = debugSettings(ifSet);
                out.add(c(need, n1, dbg + " torchrun --nnodes=2 --nproc_per_node=1 --node_rank=0 --master_addr=" + n1
                        + " --master_port=29500 <script.py>"));
                out.add(c(need, n2, dbg + " torchrun --nnodes=2 --nproc_per_node=1 --node_rank=1 --master_addr=" + n1
                        + " --master_port=29500 <script.py>"));
                out.add(c(need, null, "mpirun -np 2 -H " + n1 + ":1," + n2 + ":1 -x NCCL_DEBUG=INFO -x NCCL_DEBUG_SUBSYS=INIT,NET"
                        + " -x NCCL_SOCKET_IFNAME=" + ifSet + " ./build/all_reduce_perf -b 8 -e 128M -f 2 -g 1"));
            }
            case IFNAME_SET -> {
                // The interface a finding suggests; else NCCL's own exclusions and the interfaces findings call wrong,
                // by name; else a placeholder that reads as one, never an example that looks like this node's.
                // NCCL's '^' excludes by prefix: what ^lo,docker leaves out already is not named again.
                List<String> others = badIfaces.stream().filter(NCCL_EXCLUDED::admits).toList();
                String exclude = others.isEmpty() ? "<interfaces that cannot reach the other nodes>" : String.join(",", others);
                out.add(c(need, null, "export NCCL_SOCKET_IFNAME=" + (iface != null ? iface : NCCL_EXCLUDED_TEXT + "," + exclude)));
                out.add(c(need, n1, "ping -c 3 " + n2));
                out.add(c(need, n1, "nc -vz " + n2 + " 29500"));
                out.add(c(need, null, "ip link show " + ifSet + " | grep mtu"));
            }
            case AB_DEFAULT -> out.add(c(need, null, mpirun(np, n1, n2, gpn, ifSet) + " " + TEST + " 2>&1 | tee ab-default.txt"));
            case AB_IB_DISABLED -> {
                out.add(c(need, null, mpirun(np, n1, n2, gpn, ifSet) + " -x NCCL_IB_DISABLE=1 " + TEST + " 2>&1 | tee ab-ib-disable.txt"));
                out.add(c(need, null, "ncclscope compare ab-default.txt ab-ib-disable.txt"));
            }
            case RDMA_DEVICES -> {
                out.add(c(need, at, on + "ibv_devinfo"));
                out.add(c(need, at, on + "ls -l /dev/infiniband/"));
            }
            case KERNEL_LOG -> {
                // A peer that went away was often killed: the OOM killer's lines first.
                if (situation == Situation.PEER_LOST) out.add(c(need, at, on + "dmesg -T | grep -iE 'out of memory|killed process'"));
                out.add(c(need, at, on + "dmesg -T | grep -i xid"));
                out.add(c(need, at, on + "dmesg -T | grep -i mlx"));
            }
            case PAIRWISE -> {
                String list = f.nodes().size() >= 2 ? String.join(",", f.nodes()) : "<node1>,<node2>,<node3>";
                out.add(c(need, null, "ncclscope plan pairs --launcher slurm --gpus-per-node " + gpn + " --out plan '" + list + "'"));
                out.add(c(need, null, "ncclscope localize pairs/"));
            }
            case NODE_NIC_RATE -> {
                out.add(c(need, at, on + "ibstat"));
                out.add(c(need, at, on + "ethtool " + ifSet));
            }
            case NODE_COUNTERS -> out.add(c(need, at, on + "ethtool -S " + ifSet));
            case NODE_XID -> out.add(c(need, at, on + "dmesg -T | grep -iE 'xid|mlx5'"));
            case HANG_RANK -> {
                out.add(c(need, null, "export " + FLIGHT_RECORDER));
                out.add(c(need, null, "ncclras"));
            }
            case HANG_STACKS -> {
                out.add(c(need, at, on + "py-spy dump --pid " + (pid != null ? pid : "<pid>")));
                out.add(c(need, at, on + "dmesg -T | grep -iE 'out of memory|killed process|xid'"));
            }
            case NODE_NUMA -> {
                out.add(c(need, at, on + "numactl -H"));
                out.add(c(need, at, on + "nvidia-smi topo -m"));
            }
            case VERIFY_FIX -> {
                if (situation == Situation.RANK_MAPPING) {
                    out.add(c(need, n1, "NCCL_DEBUG=INFO " + torchrun(f, n1, gpn, "0") ));
                } else if (situation == Situation.HANG) {
                    out.add(c(need, null, FLIGHT_RECORDER + " " + torchrun(f, n1, gpn, "0")));
                } else if (situation == Situation.CONNECT_FAILURE || situation == Situation.OTHER_ERROR) {
                    out.add(c(need, null, "mpirun -np 2 -H " + n1 + ":1," + n2 + ":1 -x NCCL_DEBUG=INFO -x NCCL_DEBUG_SUBSYS=INIT,NET"
                            + " -x NCCL_SOCKET_IFNAME=" + ifSet + " ./build/all_reduce_perf -b 8 -e 128M -f 2 -g 1"));
                } else {
                    String mpi = mpirun(np, n1, n2, gpn, ifSet);
                    out.add(c(need, null, mpi + " " + TEST + " 2>&1 | tee after-fix.txt"));
                    if (situation == Situation.RDMA_PATH || situation == Situation.RDMA_ERROR) {
                        // The healthy ports the nodes listed, else a placeholder that says where to look: never a guess
                        // from the device list.
                        String hca = f.activeHcas().isEmpty() ? ActiveHcas.PLACEHOLDER : String.join(",", f.activeHcas());
                        out.add(c(need, null, mpi + " -x NCCL_IB_HCA=" + hca + " " + TEST));
                    }
                }
            }
            default -> throw new IllegalStateException("no command for " + need);
        }
        return out;
    }

    /** The settings that make NCCL say which network it chose, bound to {@code ifSet}. */
    private static String debugSettings(String ifSet) {
        return "NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET NCCL_SOCKET_IFNAME=" + ifSet;
    }

    /** mpirun of {@code np} ranks on the first two nodes, {@code gpn} each, with {@link #debugSettings} passed on. */
    private static String mpirun(String np, String n1, String n2, String gpn, String ifSet) {
        return "mpirun -np " + np + " -H " + n1 + ":" + gpn + "," + n2 + ":" + gpn
                + " -x NCCL_DEBUG=INFO -x NCCL_DEBUG_SUBSYS=INIT,NET -x NCCL_SOCKET_IFNAME=" + ifSet;
    }

    private static String torchrun(Facts f, String n1, String gpn, String rank) {
        String nodes = f.nodes().size() >= 2 ? String.valueOf(f.nodes().size()) : "<nnodes>";
        return "torchrun --nnodes=" + nodes + " --nproc_per_node=" + gpn + " --node_rank=" + rank + " --master_addr=" + n1
                + " --master_port=29500 <script.py>";
    }

    private static NextCommand c(Need need, String node, String command) {
        return new NextCommand(need, node, command.isBlank() ? "-" : command.strip());
    }
}

package io.ncclscope.parsers;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The kinds of tool output ncclscope reads. The {@link #id()} strings are a public contract
 * (CLI {@code --kind}, JSON {@code "kind"}, REST): add freely, never rename or remove.
 */
public enum Kind {
    /** {@code nvidia-smi topo -m} (also {@code -mp}, {@code -p2p r|w|n}). */
    TOPO("topo", "nvidia-smi topo -m"),
    /** {@code lspci -tv}. */
    LSPCI_TREE("lspci-tree", "lspci -tv"),
    /** {@code lspci -vvv}. */
    LSPCI_VERBOSE("lspci-verbose", "lspci -vvv"),
    /** {@code ibstat}, {@code ibstatus}, {@code ibv_devinfo [-v]}. */
    IBSTAT("ibstat", "ibstat"),
    /** {@code ethtool IF}, {@code ethtool -i IF}, {@code ethtool -S IF}. */
    ETHTOOL("ethtool", "ethtool IF"),
    /** {@code numactl -H} and {@code lscpu}. */
    NUMACTL("numactl", "numactl -H"),
    /** {@code nvidia-smi -q}, {@code nvidia-smi nvlink -s}, {@code nvidia-smi --query-gpu ... --format=csv}. */
    NVIDIA_SMI_Q("nvidia-smi-q", "nvidia-smi -q"),
    /** NCCL_DEBUG=INFO|WARN output with the launcher's lines around it. */
    NCCL_LOG("nccl-log", "NCCL_DEBUG=INFO <job>"),
    /** nccl-tests {@code *_perf} tables and their {@code -J} JSON. */
    NCCL_TESTS("nccl-tests", "all_reduce_perf -b 8 -e 8G -f 2 -g 1"),
    /** perftest {@code ib_write_bw}, {@code ib_read_bw}, {@code ib_send_bw} (and {@code *_lat}). */
    PERFTEST("perftest", "ib_write_bw -d mlx5_0 --report_gbits HOST"),
    /** nvbandwidth matrices and its {@code -j} JSON. */
    NVBANDWIDTH("nvbandwidth", "nvbandwidth"),
    /** Kernel log lines: NVIDIA Xid, NVLink, mlx5 port events. */
    DMESG("dmesg", "dmesg -T"),
    /** {@code ip -d link}, {@code ip addr}, {@code ifconfig}, {@code ibdev2netdev}. */
    IPLINK("iplink", "ip -d link"),
    /** {@code show_gids} RoCE GID tables and {@code ibv_devinfo -v} GID lines. */
    GIDS("gids", "show_gids"),
    /** The NCCL topology XML written by {@code NCCL_TOPO_DUMP_FILE}. */
    NCCL_TOPO_XML("nccl-topo-xml", "NCCL_TOPO_DUMP_FILE=topo.xml <job>"),
    /** A PyTorch Flight Recorder dump, pickled or JSON ({@code TORCH_NCCL_TRACE_BUFFER_SIZE}, {@code TORCH_NCCL_DUMP_ON_TIMEOUT}). */
    FLIGHT_RECORDER("flight-recorder", "TORCH_NCCL_TRACE_BUFFER_SIZE=2000 TORCH_NCCL_DUMP_ON_TIMEOUT=1 <job>"),
    /** The status report of NCCL's RAS client ({@code ncclras}, NCCL 2.24+). */
    NCCL_RAS("nccl-ras", "ncclras -v"),
    /** An environment listing: {@code env}, {@code export -p}, a collect bundle's {@code env.txt}. */
    ENV("env", "env | grep -E '^(NCCL|CUDA|NVIDIA|UCX|FI)_'"),
    /** {@code PATH VALUE} lines of files under {@code /sys}: a collect bundle's {@code net/sysfs.txt} and {@code ib/sysfs.txt}. */
    SYSFS("sysfs", "grep . /sys/class/net/*/{mtu,speed,operstate}"),
    /** The {@code manifest.json} of an {@code ncclscope collect} bundle: each step's command and outcome. */
    COLLECT_MANIFEST("collect-manifest", "ncclscope collect"),
    /** Text that is none of the above. */
    UNKNOWN("unknown", "");

    private final String id;
    private final String command;

    Kind(String id, String command) {
        this.id = id;
        this.command = command;
    }

    /** {@return the stable identifier, for example {@code "nccl-log"}} */
    public String id() {
        return id;
    }

    /** {@return a typical command that produces this kind of output (for help and messages)} */
    public String command() {
        return command;
    }

    /**
     * Looks a kind up by its {@link #id()}, ignoring case; empty when no kind has it.
     *
     * @param id a kind id such as {@code topo} or {@code nccl-log}
     * @return the kind; empty when no kind has this id
     */
    public static Optional<Kind> fromId(String id) {
        if (id == null) {
            return Optional.empty();
        }
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(k -> k.id.equals(wanted)).findFirst();
    }

    @Override
    public String toString() {
        return id;
    }
}

package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.Digits;
import io.ncclscope.parsers.topo.PathType;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The words of NCCL's transport choice, in its variables and in its log lines: the path levels of
 * {@code NCCL_P2P_LEVEL} and {@code NCCL_NET_GDR_LEVEL}, the integer switches ({@code NCCL_IB_DISABLE=1}), the network
 * names of {@code Using network IB} and of a connection's {@code via NET/IB/3/GDRDMA}, and the HCA of a
 * {@code GPU Direct RDMA Disabled} line.
 */
public final class TransportTerms {

    /**
     * The path level NCCL uses when neither {@code NCCL_P2P_LEVEL} nor {@code NCCL_NET_GDR_LEVEL} is set: P2P and
     * GPUDirect RDMA between devices at most a few PCIe switches apart (src/graph/paths.cc).
     */
    public static final PathType DEFAULT_LEVEL = PathType.PXB;

    /**
     * The path levels {@code NCCL_P2P_LEVEL} and {@code NCCL_NET_GDR_LEVEL} name, closest first: NCCL's path types up to
     * {@code SYS} (src/graph/topo.cc {@code topoPathTypeStr}), which {@code ncclGetLevel} (src/graph/paths.cc) compares
     * with {@code strcmp}. {@link #pathLevel} reads those {@code nvidia-smi topo -m} has a path type for.
     */
    public static final List<String> PATH_LEVELS = List.of("LOC", "NVL", "NVB", "C2C", "PIX", "PXB", "P2C", "PXN", "PHB",
            "SYS");

    private TransportTerms() {
    }

    /**
     * {@return whether NCCL reads {@code value} as a path level: one of {@link #PATH_LEVELS} (case counts), or NCCL's
     * old numbering, a value that starts with a digit ({@code 2})}
     *
     * @param value the variable's value, trimmed
     */
    public static boolean isPathLevel(String value) {
        return PATH_LEVELS.contains(value) || !value.isEmpty() && Digits.isDigit(value.charAt(0));
    }

    /**
     * {@return the {@code nvidia-smi topo -m} path type a path level reaches: {@code LOC} (or {@code 0}) the device
     * itself ({@link PathType#X}), {@code NVL} NVLink, {@code PIX} ({@code 1}), {@code PXB} ({@code 2}), {@code PHB}
     * ({@code 3}), {@code SYS} ({@code 4}, {@code 5}); empty for other words} NCCL uses P2P or GDR between two devices
     * whose path ranks no farther than the level ({@link PathType#rank()}). The digits are NCCL's old numbering, which
     * {@code ncclGetLevel} (src/graph/paths.cc) still reads; case and surrounding space are ignored.
     *
     * @param level the variable's value; null for unset
     */
    public static Optional<PathType> pathLevel(String level) {
        if (level == null) return Optional.empty();
        return Optional.ofNullable(switch (level.strip().toUpperCase(Locale.ROOT)) {
            case "LOC", "0" -> PathType.X;
            case "NVL" -> PathType.NV;
            case "PIX", "1" -> PathType.PIX;
            case "PXB", "2" -> PathType.PXB;
            case "PHB", "3" -> PathType.PHB;
            case "SYS", "4", "5" -> PathType.SYS;
            default -> null;
        });
    }

    /**
     * {@return whether a switch such as {@code NCCL_IB_DISABLE} or {@code NCCL_P2P_DISABLE} is on: its value is a
     * decimal integer other than 0 ({@code 1}, {@code 2}), as NCCL's integer parameters read true} Surrounding space is
     * ignored; an empty value, a word or a sign is off.
     *
     * @param value the variable's value; null for unset
     */
    public static boolean isOn(String value) {
        String s = value == null ? "" : value.strip();
        boolean nonZero = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Digits.isDigit(c)) return false;
            nonZero |= c != '0';
        }
        return nonZero; // false for "" too: no digit, none of them non-zero
    }

    /**
     * {@return whether a network NCCL names ({@code IB}, {@code IBext_v8}, {@code Socket}, {@code AWS Libfabric}) is
     * InfiniBand verbs (IB or RoCE), NCCL's own or a plugin's}
     *
     * @param network the network as printed; null for none
     */
    public static boolean isRdma(String network) {
        return network != null && network.toUpperCase(Locale.ROOT).startsWith("IB");
    }

    /**
     * {@return whether a network NCCL names is the libfabric plugin's ({@code Libfabric}, aws-ofi-nccl's
     * {@code AWS Libfabric})}
     *
     * @param network the network as printed; null for none
     */
    public static boolean isLibfabric(String network) {
        return network != null && network.contains("Libfabric");
    }

    /**
     * {@return whether a network NCCL names is its internal TCP socket transport ({@code Socket})}
     *
     * @param network the network as printed; null for none
     */
    public static boolean isSocket(String network) {
        return "Socket".equalsIgnoreCase(network);
    }

    /**
     * {@return the net device index of a connection's path ({@code 3} of {@code NET/IB/3/GDRDMA} and of
     * {@code NET/IB/3(1)/GDRDMA}): the leading digits, at most six, of its third part; empty when it has none}
     *
     * @param via the path after {@code via}, as {@link NcclTransport#via()}; null for none
     */
    public static OptionalInt netDevice(String via) {
        if (via == null) return OptionalInt.empty();
        int first = via.indexOf('/');
        int second = first < 0 ? -1 : via.indexOf('/', first + 1);
        if (second < 0) return OptionalInt.empty();
        int from = second + 1;
        int to = from;
        while (to < via.length() && to - from < 6 && Digits.isDigit(via.charAt(to))) to++;
        return to == from ? OptionalInt.empty() : OptionalInt.of((int) Digits.value(via, from, to));
    }

    /**
     * {@return the HCA a {@code GPU Direct RDMA Disabled for HCA 0 'mlx5_0'} line names in quotes ({@code mlx5_0});
     * empty when it quotes none}
     *
     * @param message the message of an {@link EventKind#GDR_DISABLED} or {@link EventKind#GDR_ENABLED} event
     */
    public static Optional<String> gdrHca(String message) {
        int q = message.indexOf('\'');
        int q2 = q < 0 ? -1 : message.indexOf('\'', q + 1);
        return q2 > q ? Optional.of(message.substring(q + 1, q2)) : Optional.empty();
    }

    /**
     * {@return whether a {@code GPU Direct RDMA Disabled} line is NCCL 2.4's form with a distance
     * ({@code (distance 4 >= 2)}): NCCL keeping GDR off for a NIC too far from the GPU, not an HCA that cannot do it}
     *
     * @param message the message of an {@link EventKind#GDR_DISABLED} event
     */
    public static boolean isGdrDistance(String message) {
        return message.contains("distance");
    }
}

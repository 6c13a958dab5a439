package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One channel connection, from {@code Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read},
 * {@code Channel 07/0 : 0[0] -> 2[0] [receive] via NET/IB/3/GDRDMA}, {@code Channel 01 : 2[1040] -> 0[1020] via SHM/direct/direct}
 * or 2.4/2.5's {@code Ring 00 : 15[41000] -> 0[1b000] [receive] via NET/IB/0}. The number in brackets is a bus id before
 * 2.19 and an NVML device index from 2.19 on; the parser decides by the NCCL version when printed, else by its form
 * (one or two decimal digits: a device). Identical lines of one host are kept once, with a count.
 *
 * @param channel   channel number
 * @param connIndex connection index after the slash ({@code 00/1}); nullable
 * @param fromRank  sending rank
 * @param toRank    receiving rank
 * @param fromDev   device index of the sender when printed; nullable
 * @param toDev     device index of the receiver; nullable
 * @param fromBusId canonical PCI address of the sender when a bus id was printed; nullable
 * @param toBusId   canonical PCI address of the receiver; nullable
 * @param direction send or receive for network connections; nullable
 * @param via       everything after {@code via}: {@code P2P/CUMEM/read}, {@code NET/IB/0/GDRDMA}, {@code SHM/direct/direct}
 * @param type      P2P, SHM, NET or COLLNET
 * @param net       the network of a NET connection ({@code IB}, {@code Socket}); nullable
 * @param gdrdma    for NET connections: whether GPUDirect RDMA is used ({@code /GDRDMA}); null for other types
 * @param host      host of the line prefix; nullable
 * @param line      1-based line of the first occurrence
 * @param count     lines that stated this connection
 */
public record NcclTransport(int channel, Integer connIndex, int fromRank, int toRank, Integer fromDev, Integer toDev,
                            String fromBusId, String toBusId, Direction direction, String via, TransportType type,
                            String net, Boolean gdrdma, String host, int line, long count) implements NcclLineFact {

    /** {@return the connection's line without devices, {@code NCCL INFO Channel 07 : 0 -> 2 [receive] via NET/IB/3/GDRDMA}} */
    @Override
    public String asPrinted() {
        return String.format(Locale.ROOT, "NCCL INFO Channel %02d : %d -> %d%s via %s", channel, fromRank, toRank,
                direction == null ? "" : " [" + direction + "]", via);
    }

    /**
     * {@return the socket device of a {@code NET/Socket} connection, 1 of {@code via NET/Socket/1} (NCCL's index of
     * the interface in its {@code NET/Socket : Using [1]eth1:...} line); null for other connections}
     */
    public Integer socketDevice() {
        if (type != TransportType.NET || via == null) return null;
        Matcher m = SOCKET_DEVICE.matcher(via);
        return m.lookingAt() ? ToolValues.integer(m.group(1)) : null;
    }

    /** The socket device of a channel ({@code via NET/Socket/1}), at most three digits. */
    private static final Pattern SOCKET_DEVICE = Pattern.compile("NET/Socket/(\\d{1,3})(?!\\d)");
}

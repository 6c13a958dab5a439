package io.ncclscope.parsers.ethtool;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the names of {@code ethtool -S} counters mean ({@link EthtoolInterface#counters()}). Every driver names its own
 * counters (mlx5's {@code rx_crc_errors_phy} and {@code tx_pause_storm_error_events}, bnxt's {@code rx_fcs_err_frames},
 * ice's {@code rx_undersize.nic}...); this class sorts the names into the families a reader of the counters asks
 * about: physical-layer errors, drops, link-down events, pause frames, packets and bytes per priority. The names are
 * compared in lower case unless a method says otherwise.
 */
public final class EthtoolCounters {

    /** The direction a counter counts, by its {@code rx_}/{@code tx_} prefix. */
    public enum Direction {
        /** {@code rx_...}: received. */
        RECEIVED,
        /** {@code tx_...}: sent. */
        SENT
    }

    /** The families of the counters that count errors ({@link #errorFamily}). */
    public enum ErrorFamily {
        /** Link-down events ({@code link_down_events_phy}): each one a flap. */
        LINK_DOWN,
        /** Physical-layer errors ({@link #physicalError}): a cable, optic or port problem. */
        PHYSICAL,
        /** Drops and buffer exhaustion ({@link #drop}). */
        DROP
    }

    /** Physical-layer errors: a link with any real count of these has a cable, optic or port problem. */
    private static final Pattern PHYSICAL_ERROR = Pattern.compile(
            ".*(crc|fcs|symbol_err|pcs_symbol|jabber|fragment|undersize|oversize|length_err|in_range_len|out_of_range_len"
                    + "|alignment|err_lane|code_err|frame_err|rx_errors_phy|tx_errors_phy|rx_errors$|tx_errors$).*");
    /** Drops and buffer exhaustion: loss that RoCE turns into retransmissions. */
    private static final Pattern DROP = Pattern.compile(
            ".*(discard|out_of_buffer|dropped|missed_err|fifo_err|no_buffer|_wqe_err|_cqe_err|over_errors|tx_timeout"
                    + "|outbound_pci_stalled).*");
    /** Pause frames received or sent ({@code rx_pause_ctrl_phy}, {@code tx_prio3_pause}...). */
    private static final Pattern PAUSE_FRAMES = Pattern.compile(
            "^(rx|tx)_(pause_ctrl_phy|global_pause|prio\\d_pause|pause_frames|mac_control_frames_phy|flow_control_.*)$");
    /** Bytes of one priority (mlx5's {@code rx_prio3_bytes}). */
    private static final Pattern PRIORITY_BYTES = Pattern.compile("^(rx|tx)_prio(\\d)_bytes$");

    /**
     * mlx5's pause-storm events ({@code tx_pause_storm_error_events}, {@code tx_pause_storm_warning_events}): the port
     * sent pause frames for so long that the firmware's storm prevention stepped in.
     */
    public static final List<String> PAUSE_STORM_EVENTS =
            List.of("tx_pause_storm_error_events", "tx_pause_storm_warning_events");

    private EthtoolCounters() {
    }

    /**
     * {@return true for a physical-layer error counter: CRC/FCS, symbol, length and alignment errors, runts, jabbers}
     *
     * @param name a counter name as {@code ethtool -S} prints it
     */
    public static boolean physicalError(String name) {
        return PHYSICAL_ERROR.matcher(lower(name)).matches();
    }

    /**
     * {@return true for a drop counter: discards, buffer exhaustion, FIFO overruns, WQE/CQE errors, timeouts}
     *
     * @param name a counter name as {@code ethtool -S} prints it
     */
    public static boolean drop(String name) {
        return DROP.matcher(lower(name)).matches();
    }

    /**
     * {@return true for the link-down events counter ({@code link_down_events_phy}): each one a flap}
     *
     * @param name a counter name as {@code ethtool -S} prints it
     */
    public static boolean linkDown(String name) {
        return lower(name).startsWith("link_down_events");
    }

    /**
     * {@return true for a counter that counts no error, whatever its value: corrected errors, pause frames, and the
     * traffic counters ({@code _bytes}, {@code _packets})}
     *
     * @param name a counter name as {@code ethtool -S} prints it
     */
    public static boolean countsNoError(String name) {
        String n = lower(name);
        return n.contains("corrected") || n.contains("pause") || n.contains("_bytes") || n.contains("_packets");
    }

    /**
     * {@return the error family of a counter: link-down events, else physical-layer errors, else drops; empty for a
     * counter that counts no error ({@link #countsNoError}), for mlx5's other event counters (a notice such as
     * {@code tx_pause_storm_warning_events}, not an error count) and for any other counter}
     *
     * @param name a counter name as {@code ethtool -S} prints it
     */
    public static Optional<ErrorFamily> errorFamily(String name) {
        String n = lower(name);
        if (countsNoError(n) || (n.endsWith("_events") && !n.startsWith("link_down"))) return Optional.empty();
        if (linkDown(n)) return Optional.of(ErrorFamily.LINK_DOWN);
        if (physicalError(n)) return Optional.of(ErrorFamily.PHYSICAL);
        return drop(n) ? Optional.of(ErrorFamily.DROP) : Optional.empty();
    }

    /**
     * {@return the direction of a pause-frame counter ({@code rx_pause_ctrl_phy}, {@code tx_prio3_pause},
     * {@code rx_global_pause}...); empty for any other counter} The name is compared as printed.
     *
     * @param name a counter name as {@code ethtool -S} prints it
     */
    public static Optional<Direction> pauseFrames(String name) {
        Matcher m = PAUSE_FRAMES.matcher(name);
        return m.matches() ? direction(m.group(1)) : Optional.empty();
    }

    /**
     * {@return the priority (0 to 7) of a per-priority byte counter ({@code rx_prio3_bytes}); empty for any other}
     *
     * @param name a counter name as {@code ethtool -S} prints it
     */
    public static OptionalInt priorityBytes(String name) {
        Matcher m = PRIORITY_BYTES.matcher(name);
        return m.matches() ? OptionalInt.of(m.group(2).charAt(0) - '0') : OptionalInt.empty();
    }

    /**
     * {@return mlx5's count of the RDMA (RoCE) packets of one direction ({@code rx_vport_rdma_unicast_packets}); empty
     * when the driver prints none}
     *
     * @param counters  the counters of one interface, as {@link EthtoolInterface#counters()} holds them
     * @param direction which direction's packets
     */
    public static OptionalLong rdmaPackets(Map<String, Long> counters, Direction direction) {
        Long v = counters.get((direction == Direction.RECEIVED ? "rx" : "tx") + "_vport_rdma_unicast_packets");
        return v == null ? OptionalLong.empty() : OptionalLong.of(v);
    }

    /**
     * {@return the packets of one direction: the physical port's counter ({@code rx_packets_phy}), else the
     * netdev's ({@code rx_packets}), else mlx5's vport unicast counter, else the sum of the per-priority counters;
     * 0 when none is printed}
     *
     * @param counters  the counters of one interface, as {@link EthtoolInterface#counters()} holds them
     * @param direction which direction's packets
     */
    public static long packets(Map<String, Long> counters, Direction direction) {
        String dir = direction == Direction.RECEIVED ? "rx" : "tx";
        for (String n : new String[] {dir + "_packets_phy", dir + "_packets", dir + "_vport_unicast_packets"}) {
            Long v = counters.get(n);
            if (v != null && v > 0) return v;
        }
        long s = 0;
        for (int p = 0; p < 8; p++) s += counters.getOrDefault(dir + "_prio" + p + "_packets", 0L);
        return s;
    }

    /**
     * {@return the direction a counter counts, by its name's {@code rx}/{@code tx} prefix ({@code rx_crc_errors_phy},
     * {@code tx_discards_phy}, a queue's {@code rx0_wqe_err}); empty for a counter of the port as a whole
     * ({@code link_down_events_phy})}
     *
     * @param name a counter name as {@code ethtool -S} prints it
     */
    public static Optional<Direction> direction(String name) {
        String n = lower(name);
        if (n.startsWith("rx")) return Optional.of(Direction.RECEIVED);
        return n.startsWith("tx") ? Optional.of(Direction.SENT) : Optional.empty();
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}

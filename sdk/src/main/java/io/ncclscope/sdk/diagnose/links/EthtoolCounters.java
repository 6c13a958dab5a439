package io.ncclscope.sdk.diagnose.links;

import java.util.regex.Pattern;

/**
 * What the names of {@code ethtool -S} counters mean, read the same by the single-reading check
 * ({@code CounterCheck}) and by the growth between two readings ({@code delta.CounterDeltaAnalyzer}). Public for that
 * package only: this package is not exported.
 */
public final class EthtoolCounters {

    /** Physical-layer errors: a link with any real count of these has a cable, optic or port problem. */
    public static final Pattern PHY = Pattern.compile(
            ".*(crc|fcs|symbol_err|pcs_symbol|jabber|fragment|undersize|oversize|length_err|in_range_len|out_of_range_len"
                    + "|alignment|err_lane|code_err|frame_err|rx_errors_phy|tx_errors_phy|rx_errors$|tx_errors$).*");
    /** Drops and buffer exhaustion: loss that RoCE turns into retransmissions. */
    public static final Pattern DROP = Pattern.compile(
            ".*(discard|out_of_buffer|dropped|missed_err|fifo_err|no_buffer|_wqe_err|_cqe_err|over_errors|tx_timeout"
                    + "|outbound_pci_stalled).*");
    /** Pause frames received or sent ({@code rx_pause_ctrl_phy}, {@code tx_prio3_pause}...). */
    public static final Pattern PAUSE_FRAMES = Pattern.compile(
            "^(rx|tx)_(pause_ctrl_phy|global_pause|prio\\d_pause|pause_frames|mac_control_frames_phy|flow_control_.*)$");

    private EthtoolCounters() {
    }
}

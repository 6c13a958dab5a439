package io.ncclscope.parsers.ethtool;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ethtool.EthtoolCounters.Direction;
import io.ncclscope.parsers.ethtool.EthtoolCounters.ErrorFamily;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * {@link EthtoolCounters} on counter names the drivers print: mlx5's (the kernel's
 * Documentation/networking/device_drivers/ethernet/mellanox/mlx5/counters.rst), bnxt's and ice's.
 */
class EthtoolCountersTest {

    @Test
    void physicalLayerErrors() {
        assertThat(EthtoolCounters.physicalError("rx_crc_errors_phy")).isTrue();
        assertThat(EthtoolCounters.physicalError("rx_symbol_err_phy")).isTrue();
        assertThat(EthtoolCounters.physicalError("rx_pcs_symbol_err_phy")).isTrue();
        assertThat(EthtoolCounters.physicalError("rx_fcs_err_frames")).isTrue();
        assertThat(EthtoolCounters.physicalError("RX_CRC_ERRORS")).isTrue();
        assertThat(EthtoolCounters.physicalError("rx_errors")).isTrue();
        assertThat(EthtoolCounters.physicalError("rx_out_of_buffer")).isFalse();
    }

    @Test
    void drops() {
        assertThat(EthtoolCounters.drop("rx_out_of_buffer")).isTrue();
        assertThat(EthtoolCounters.drop("rx_discards_phy")).isTrue();
        assertThat(EthtoolCounters.drop("tx_dropped")).isTrue();
        assertThat(EthtoolCounters.drop("outbound_pci_stalled_wr")).isTrue();
        assertThat(EthtoolCounters.drop("rx_crc_errors_phy")).isFalse();
    }

    @Test
    void linkDownEventsAndCountersThatCountNoError() {
        assertThat(EthtoolCounters.linkDown("link_down_events_phy")).isTrue();
        assertThat(EthtoolCounters.linkDown("rx_link_down")).isFalse();
        assertThat(EthtoolCounters.countsNoError("rx_corrected_bits_phy")).isTrue();
        assertThat(EthtoolCounters.countsNoError("rx_pause_ctrl_phy")).isTrue();
        assertThat(EthtoolCounters.countsNoError("rx_bytes_phy")).isTrue();
        assertThat(EthtoolCounters.countsNoError("tx_packets")).isTrue();
        assertThat(EthtoolCounters.countsNoError("rx_crc_errors_phy")).isFalse();
    }

    @Test
    void pauseFramesByDirection() {
        assertThat(EthtoolCounters.pauseFrames("rx_pause_ctrl_phy")).contains(Direction.RECEIVED);
        assertThat(EthtoolCounters.pauseFrames("tx_prio3_pause")).contains(Direction.SENT);
        assertThat(EthtoolCounters.pauseFrames("rx_global_pause")).contains(Direction.RECEIVED);
        assertThat(EthtoolCounters.pauseFrames("tx_pause_storm_error_events")).isEmpty();
        assertThat(EthtoolCounters.pauseFrames("rx_prio3_pause_duration")).isEmpty();
        assertThat(EthtoolCounters.PAUSE_STORM_EVENTS).contains("tx_pause_storm_error_events");
    }

    @Test
    void errorFamiliesOfMlx5AndOtherDrivers() {
        assertThat(EthtoolCounters.errorFamily("link_down_events_phy")).contains(ErrorFamily.LINK_DOWN);
        assertThat(EthtoolCounters.errorFamily("rx_crc_errors_phy")).contains(ErrorFamily.PHYSICAL);
        assertThat(EthtoolCounters.errorFamily("rx_fcs_err_frames")).contains(ErrorFamily.PHYSICAL);
        assertThat(EthtoolCounters.errorFamily("rx_out_of_buffer")).contains(ErrorFamily.DROP);
        assertThat(EthtoolCounters.errorFamily("rx_discards_phy")).contains(ErrorFamily.DROP);
        assertThat(EthtoolCounters.errorFamily("tx_pause_storm_warning_events")).as("a notice").isEmpty();
        assertThat(EthtoolCounters.errorFamily("rx_corrected_bits_phy")).as("corrected").isEmpty();
        assertThat(EthtoolCounters.errorFamily("rx_packets_phy")).isEmpty();
    }

    @Test
    void rdmaPacketsOfMlx5sVport() {
        Map<String, Long> c = Map.of("rx_vport_rdma_unicast_packets", 0L, "tx_vport_rdma_unicast_packets", 12L);
        assertThat(EthtoolCounters.rdmaPackets(c, Direction.RECEIVED)).isEqualTo(OptionalLong.of(0));
        assertThat(EthtoolCounters.rdmaPackets(c, Direction.SENT)).isEqualTo(OptionalLong.of(12));
        assertThat(EthtoolCounters.rdmaPackets(Map.of("rx_packets", 5L), Direction.RECEIVED)).isEmpty();
    }

    @Test
    void directionByTheRxTxPrefix() {
        assertThat(EthtoolCounters.direction("rx_crc_errors_phy")).contains(Direction.RECEIVED);
        assertThat(EthtoolCounters.direction("TX_DISCARDS_PHY")).contains(Direction.SENT);
        assertThat(EthtoolCounters.direction("rx0_wqe_err")).contains(Direction.RECEIVED);
        assertThat(EthtoolCounters.direction("link_down_events_phy")).isEmpty();
    }

    @Test
    void priorityOfAPerPriorityByteCounter() {
        assertThat(EthtoolCounters.priorityBytes("rx_prio3_bytes")).isEqualTo(OptionalInt.of(3));
        assertThat(EthtoolCounters.priorityBytes("tx_prio0_bytes")).isEqualTo(OptionalInt.of(0));
        assertThat(EthtoolCounters.priorityBytes("rx_prio3_packets")).isEmpty();
        assertThat(EthtoolCounters.priorityBytes("rx_bytes")).isEmpty();
    }

    @Test
    void packetsComeFromThePortsCounterFirstThenTheNetdevsThenThePriorities() {
        assertThat(EthtoolCounters.packets(Map.of("rx_packets_phy", 10L, "rx_packets", 7L), Direction.RECEIVED)).isEqualTo(10);
        assertThat(EthtoolCounters.packets(Map.of("rx_packets_phy", 0L, "rx_packets", 7L), Direction.RECEIVED)).isEqualTo(7);
        assertThat(EthtoolCounters.packets(Map.of("tx_vport_unicast_packets", 5L), Direction.SENT)).isEqualTo(5);
        assertThat(EthtoolCounters.packets(Map.of("tx_prio0_packets", 2L, "tx_prio3_packets", 3L), Direction.SENT)).isEqualTo(5);
        assertThat(EthtoolCounters.packets(Map.of("rx_packets", 7L), Direction.SENT)).isZero();
    }
}

package io.ncclscope.parsers.ib;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link PortLines} on the layouts of {@code ibstat} and {@code ibv_devinfo -v}. */
class PortLinesTest {

    @Test
    void anIbstatPortsLinesStopAtTheNextPort() {
        String ibstat = """
                CA 'mlx5_0'
                \tCA type: MT4129
                \tNumber of ports: 2
                \tPort 1:
                \t\tState: Down
                \t\tPhysical state: Polling
                \t\tRate: 10
                \t\tBase lid: 65535
                \t\tLMC: 0
                \t\tLink layer: InfiniBand
                \tPort 2:
                \t\tState: Active
                """;
        List<String> text = ibstat.lines().toList();
        IbPort port = new IbstatParser().parse(ibstat).data().devices().get(0).ports().get(0);
        assertThat(PortLines.state(text, port.line())).containsExactly(4, 5, 6, 7, 8);
        assertThat(PortLines.activeMtu(text, port.line())).isEmpty();
    }

    @Test
    void anIbvDevinfoPortsActiveMtu() {
        String devinfo = """
                hca_id:\tmlx5_0
                \ttransport:\t\t\tInfiniBand (0)
                \t\tport:\t1
                \t\t\tstate:\t\t\tPORT_ACTIVE (4)
                \t\t\tmax_mtu:\t\t4096 (5)
                \t\t\tactive_mtu:\t\t4096 (5)
                \t\t\tport_lid:\t\t12
                \t\t\tlink_layer:\t\tInfiniBand
                \t\tport:\t2
                \t\t\tactive_mtu:\t\t1024 (3)
                """;
        List<String> text = devinfo.lines().toList();
        assertThat(PortLines.activeMtu(text, 3)).containsExactly(6);
        assertThat(PortLines.state(text, 3)).containsExactly(3, 4, 7);
    }
}

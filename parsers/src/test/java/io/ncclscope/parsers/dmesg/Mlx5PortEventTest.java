package io.ncclscope.parsers.dmesg;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link DmesgEvent#linkDown()} on mlx5's port and module lines. */
class Mlx5PortEventTest {

    @Test
    void anEventOfAnRdmaPortNamesItsPortOrDevice() {
        String log = """
                [ 10.1] mlx5_core 0000:ab:00.0 mlx5_5: Port: 1 Link DOWN
                [ 10.2] mlx5_core 0000:18:00.0 ens1np0: Link down
                """;
        List<DmesgEvent> events = new DmesgParser().parse(log).data().ofType(DmesgEventType.MLX5_PORT);
        assertThat(events).extracting(DmesgEvent::rdmaPortEvent).containsExactly(true, false);
    }

    @Test
    void downUnpluggedAndDisabledTakeTheLinkDown() {
        String log = """
                [ 10.1] mlx5_core 0000:18:00.0 ens1np0: Link down
                [ 10.2] mlx5_core 0000:18:00.0: Port module event: module 0, Cable unplugged
                [ 10.3] mlx5_core 0000:18:00.0: Port module event: module 0, Cable plugged
                [ 10.4] mlx5_core 0000:18:00.0 ens1np0: Link up
                [ 10.5] mlx5_core 0000:18:00.0: mlx5_port_module_event:1127:(pid 0): Port module event[error]: module 0, Cable error, Disabled
                [ 10.6] NVRM: Xid (PCI:0000:b1:00): 79, pid=123, name=python, GPU has fallen off the bus.
                """;
        List<DmesgEvent> events = new DmesgParser().parse(log).data().events();
        assertThat(events).filteredOn(e -> e.type() == DmesgEventType.MLX5_PORT).extracting(DmesgEvent::state)
                .isNotEmpty();
        for (DmesgEvent e : events) {
            String s = e.state() == null ? "" : e.state().toLowerCase(java.util.Locale.ROOT);
            boolean expected = e.type() == DmesgEventType.MLX5_PORT
                    && (s.equals("down") || s.contains("unplugged") || s.contains("disabled"));
            assertThat(e.linkDown()).as(e.message()).isEqualTo(expected);
        }
        assertThat(events.get(events.size() - 1).linkDown()).isFalse();
    }
}

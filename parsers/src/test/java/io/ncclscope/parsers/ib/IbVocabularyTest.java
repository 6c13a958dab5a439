package io.ncclscope.parsers.ib;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The words ibstat prints for port states ({@link PortState#word()}, {@link PhysicalState#word()}) and its "none" line. */
class IbVocabularyTest {

    @Test
    void statesAsIbstatWordsThem() {
        assertThat(PortState.ACTIVE.word()).isEqualTo("Active");
        assertThat(PortState.INIT.word()).isEqualTo("Initializing");
        assertThat(PortState.UNKNOWN.word()).isEqualTo("?");
        assertThat(PhysicalState.LINK_UP.word()).isEqualTo("LinkUp");
        assertThat(PhysicalState.PORT_CONFIGURATION_TRAINING.word()).isEqualTo("PortConfigurationTraining");
        assertThat(PhysicalState.POLLING.word()).isEqualTo("Polling");
        assertThat(PhysicalState.UNKNOWN.word()).isEqualTo("?");
        for (PortState s : PortState.values()) {
            if (s != PortState.UNKNOWN && s != PortState.ACTIVE_DEFER) assertThat(PortState.of(s.word())).isEqualTo(s);
        }
        for (PhysicalState s : PhysicalState.values()) {
            if (s != PhysicalState.UNKNOWN) assertThat(PhysicalState.of(s.word())).isEqualTo(s);
        }
    }

    @Test
    void noDevicesFound() {
        IbstatData none = new IbstatData(List.of(), List.of(new ToolMessage(1, "ibpanic: [1234] main: stat of IB device 'mlx5_9' failed"),
                new ToolMessage(2, "No IB devices found")));
        assertThat(none.noDevicesFound()).contains(new ToolMessage(2, "No IB devices found"));
        assertThat(new IbstatData(List.of(), List.of()).noDevicesFound()).isEmpty();
    }
}

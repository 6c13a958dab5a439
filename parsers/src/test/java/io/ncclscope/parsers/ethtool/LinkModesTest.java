package io.ncclscope.parsers.ethtool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link LinkModes} on the kernel's link mode names (include/uapi/linux/ethtool.h, {@code ETHTOOL_LINK_MODE_*}). */
class LinkModesTest {

    @Test
    void theSpeedIsTheNumberBeforeBase() {
        assertThat(LinkModes.speedMbps("100000baseCR4/Full")).contains(100000);
        assertThat(LinkModes.speedMbps("1000baseT/Full")).contains(1000);
        assertThat(LinkModes.speedMbps("10baseT/Half")).contains(10);
        assertThat(LinkModes.speedMbps("400000baseCR8/Full")).contains(400000);
    }

    @Test
    void aNameWithoutALeadingSpeedHasNone() {
        assertThat(LinkModes.speedMbps("Not reported")).isEmpty();
        assertThat(LinkModes.speedMbps("baseT")).isEmpty();
        assertThat(LinkModes.speedMbps("x100baseT")).isEmpty();
        assertThat(LinkModes.speedMbps("25Gbase")).isEmpty();
        assertThat(LinkModes.speedMbps("99999999999999baseX")).isEmpty();
    }

    @Test
    void theFastestOfAList() {
        assertThat(LinkModes.fastestMbps(List.of("1000baseT/Full", "100000baseSR4/Full", "25000baseCR/Full"))).contains(100000);
        assertThat(LinkModes.fastestMbps(List.of("Not reported"))).isEmpty();
        assertThat(LinkModes.fastestMbps(List.of())).isEmpty();
    }
}

package io.ncclscope.parsers.ethtool;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link SettingsLines} on the layout of {@code ethtool IF} followed by {@code ethtool -i IF}. */
class SettingsLinesTest {

    private static final String ETHTOOL = """
            Settings for ens1np0:
            \tSupported ports: [ FIBRE ]
            \tSupported link modes:   100000baseSR4/Full
            \t                        200000baseCR4/Full
            \tAdvertised link modes:  100000baseSR4/Full
            \tLink partner advertised link modes:  Not reported
            \tSpeed: 100000Mb/s
            \tDuplex: Full
            \tLink detected: yes
            driver: mlx5_core
            version: 5.8-1.1.2
            Settings for ens2np0:
            \tSpeed: Unknown!
            \tLink detected: no
            """;

    @Test
    void theSpeedLineComesFirstThenTheLinkModes() {
        List<String> text = ETHTOOL.lines().toList();
        assertThat(SettingsLines.speed(text, 1)).containsExactly(7, 3, 5, 6);
    }

    @Test
    void linkDetectedOfTheSectionOnly() {
        List<String> text = ETHTOOL.lines().toList();
        List<EthtoolInterface> is = new EthtoolParser().parse(ETHTOOL).data().interfaces();
        assertThat(SettingsLines.linkDetected(text, is.get(0).line())).containsExactly(9);
        assertThat(SettingsLines.linkDetected(text, is.get(1).line())).containsExactly(14);
    }
}

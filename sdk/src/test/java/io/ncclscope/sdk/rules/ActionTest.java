package io.ncclscope.sdk.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ActionTest {

    /** A record of the same components, whose equals and hashCode are the JDK's own. */
    private record Same(String text, String command) {
    }

    @Test
    void equalsAndHashCodeAreTheRecordsOwn() {
        Action a = new Action("Check the port.", "nc -vz ${peer} ${port}");
        assertThat(a).isEqualTo(new Action("Check the port.", " nc -vz ${peer} ${port} "));
        assertThat(a).isNotEqualTo(new Action("Check the port.", "nc -vz ${peer}"));
        assertThat(a).isNotEqualTo(new Action("Check the link.", "nc -vz ${peer} ${port}"));
        assertThat(a).isNotEqualTo(new Same(a.text(), a.command()));
        for (Action x : new Action[] {a, new Action("Reseat the cable.", ""), new Action("\u91cd\u542f", "x=1")}) {
            assertThat(x.hashCode()).as(x.toString()).isEqualTo(new Same(x.text(), x.command()).hashCode());
        }
    }

    @Test
    void placeholdersAreListedInOrderOfFirstAppearance() {
        Action a = new Action("Check the port.", "nc -vz ${peer} ${port} # ${peer}");
        assertThat(a.placeholders()).containsExactly("peer", "port");
        assertThat(new Action("Turn on logs.", "NCCL_DEBUG=INFO").placeholders()).isEmpty();
    }

    @Test
    void fillReplacesKnownValuesAndLeavesTheRest() {
        Action a = new Action("Check the port.", "nc -vz ${peer} ${port}");
        Action filled = a.fill(Map.of("peer", "10.0.0.2"));
        assertThat(filled.command()).isEqualTo("nc -vz 10.0.0.2 ${port}");
        assertThat(filled.text()).isEqualTo(a.text());
        assertThat(filled.placeholders()).containsExactly("port");
    }

    @Test
    void fillTakesValuesVerbatimEvenWithRegexCharacters() {
        Action a = new Action("Pin the interface.", "NCCL_SOCKET_IFNAME=${iface}");
        assertThat(a.fill(Map.of("iface", "$1\\eth0")).command()).isEqualTo("NCCL_SOCKET_IFNAME=$1\\eth0");
    }

    @Test
    void fillWithoutMatchingValuesReturnsTheSameAction() {
        Action a = new Action("Pin the interface.", "NCCL_SOCKET_IFNAME=${iface}");
        assertThat(a.fill(Map.of())).isSameAs(a);
        assertThat(a.fill(Map.of("peer", "x"))).isSameAs(a);
    }

    @Test
    void commandMayBeEmptyButTextMayNotBeBlank() {
        assertThat(new Action("Reseat the cable.", "").hasCommand()).isFalse();
        assertThat(new Action("Check.", "  ibstat \n").command()).isEqualTo("ibstat");
        assertThatThrownBy(() -> new Action(" ", "ibstat")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Action("Check.", null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void documentedPlaceholderNames() {
        assertThat(Action.PLACEHOLDERS)
                .containsExactlyInAnyOrder("iface", "peer", "port", "hca", "bdf", "node", "gpu", "rank", "env", "pid", "hcas", "exclusion",
                        "gpus_per_node");
    }
}

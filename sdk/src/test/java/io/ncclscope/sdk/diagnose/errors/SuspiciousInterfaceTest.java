package io.ncclscope.sdk.diagnose.errors;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@link LogIndex#suspicious}: the interfaces the errors analyzer never recommends read as the transport analyzer's
 * (one vocabulary, {@code parsers.net.NetInterfaces}), at the edges where the two used to disagree.
 */
class SuspiciousInterfaceTest {

    @Test
    void loopbackIsTheLoDeviceNotEveryNameStartingWithLo() {
        assertThat(LogIndex.suspicious("lo", "127.0.0.1")).isTrue();
        assertThat(LogIndex.suspicious("lowpan0", "10.0.0.1")).isFalse();
        assertThat(LogIndex.suspicious("eth0", "127.0.0.1")).isTrue();
    }

    @Test
    void everyVirtualDeviceCountsAndOnlyAVethWithARoutableAddressIsAContainersOwnEnd() {
        // corpus nccl-529-1.txt: veth0 with 2a02:... is the container's own interface
        assertThat(LogIndex.suspicious("veth0", "2a02:6b8:c0e:500:1:1a:0:1")).isFalse();
        assertThat(LogIndex.suspicious("veth0", null)).isTrue();
        assertThat(LogIndex.suspicious("cni0", "10.244.0.1")).isTrue();
        assertThat(LogIndex.suspicious("weave", null)).isTrue();
        assertThat(LogIndex.suspicious("wg0", "10.8.0.2")).isTrue();
        assertThat(LogIndex.suspicious("ib0", "10.0.0.1")).isFalse();
    }

    @Test
    void linkLocalIsFe80Slash10AndDockerBridgeIs172Dot17() {
        // corpus nccl-975-1.txt: fe80::...; RFC 4291 2.5.6 fe80::/10 reaches febf
        assertThat(LogIndex.suspicious("eth0", "fe80::1%eth0")).isTrue();
        assertThat(LogIndex.suspicious("eth0", "febf::1")).isTrue();
        assertThat(LogIndex.suspicious("eth0", "169.254.0.7")).isTrue();
        assertThat(LogIndex.suspicious("eth0", "172.17.0.2")).isTrue();
        assertThat(LogIndex.suspicious("eth0", "172.18.0.2")).isFalse();
    }
}

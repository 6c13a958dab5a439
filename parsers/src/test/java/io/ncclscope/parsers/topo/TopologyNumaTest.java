package io.ncclscope.parsers.topo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link Topology#pathsSpanNumaNodes()}: what the legend's NODE and SYS say about NUMA nodes. */
class TopologyNumaTest {

    private static Topology parse(String text) {
        return new TopoParser().parse(text).data();
    }

    @Test
    void gpusThatAreSysApartSpanNumaNodes() {
        Topology t = parse("""
                \tGPU0\tGPU1\tNIC0\tCPU Affinity\tNUMA Affinity
                GPU0\t X \tSYS\tPIX\t0-47\t0
                GPU1\tSYS\t X \tSYS\t0-47\t0
                NIC0\tPIX\tSYS\t X
                """);
        assertThat(t.pathsSpanNumaNodes()).isTrue();
    }

    @Test
    void gpusJoinedWithinANumaNodeDoNot() {
        Topology t = parse("""
                \tGPU0\tGPU1\tNIC0\tCPU Affinity\tNUMA Affinity
                GPU0\t X \tNODE\tPIX\t0-47\t0
                GPU1\tNODE\t X \tNODE\t0-47\t0
                NIC0\tPIX\tNODE\t X
                """);
        assertThat(t.pathsSpanNumaNodes()).isFalse();
    }

    @Test
    void aGpuSysFromANicAloneDoesNot() {
        Topology t = parse("""
                \tGPU0\tNIC0\tCPU Affinity\tNUMA Affinity
                GPU0\t X \tSYS\t0-47\t0
                NIC0\tSYS\t X
                """);
        assertThat(t.pathsSpanNumaNodes()).isFalse();
    }
}

package io.ncclscope.parsers.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link InterfaceList}, read as NCCL's findInterfaces, parseStringList and matchIfList read a list. */
class InterfaceListTest {

    @Test
    void aPlainListNamesPrefixes() {
        InterfaceList l = InterfaceList.of("eth,ib");
        assertThat(l.exclude()).isFalse();
        assertThat(l.exact()).isFalse();
        assertThat(l.entries()).extracting(InterfaceList.Entry::name).containsExactly("eth", "ib");
        assertThat(l.admits("eth0")).isTrue();
        assertThat(l.admits("ib1")).isTrue();
        assertThat(l.admits("docker0")).isFalse();
    }

    @Test
    void caretExcludesAndEqualsAfterItMakesNamesExact() {
        InterfaceList l = InterfaceList.of("^=eth0,docker");
        assertThat(l.exclude()).isTrue();
        assertThat(l.exact()).isTrue();
        assertThat(l.admits("eth0")).isFalse();
        assertThat(l.admits("eth01")).isTrue();
        assertThat(l.admits("docker0")).isTrue();
        assertThat(InterfaceList.of("^lo,docker").admits("docker0")).isFalse();
        // NCCL reads '^' first, then '=': "=^eth0" is an exact list whose one name is "^eth0".
        InterfaceList swapped = InterfaceList.of("=^eth0");
        assertThat(swapped.exclude()).isFalse();
        assertThat(swapped.entries()).extracting(InterfaceList.Entry::name).containsExactly("^eth0");
    }

    @Test
    void portsEmptyEntriesAndEmptyLists() {
        InterfaceList l = InterfaceList.of("mlx5_0:1,,mlx5_1:x,:2");
        assertThat(l.entries()).containsExactly(new InterfaceList.Entry("mlx5_0", 1), new InterfaceList.Entry("mlx5_1", 0));
        // No space is stripped: NCCL compares names as set.
        assertThat(InterfaceList.of(" ^eth0").exclude()).isFalse();
        // matchIfList matches anything against an empty list: "" admits all, a bare "^" none.
        assertThat(InterfaceList.of("").admits("eth0")).isTrue();
        assertThat(InterfaceList.of(null).admits("eth0")).isTrue();
        assertThat(InterfaceList.of("^").admits("eth0")).isFalse();
    }
}

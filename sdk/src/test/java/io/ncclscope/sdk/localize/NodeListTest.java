package io.ncclscope.sdk.localize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NodeListTest {

    @Test
    void expandsSlurmExpressionsKeepingZeroPadding() {
        assertThat(NodeList.parse("gpu[01-04,07]")).containsExactly("gpu01", "gpu02", "gpu03", "gpu04", "gpu07");
        assertThat(NodeList.parse("r[1-2]-n[8-9],login")).containsExactly("r1-n8", "r1-n9", "r2-n8", "r2-n9", "login");
        assertThat(NodeList.parse("node[098-101]")).containsExactly("node098", "node099", "node100", "node101");
    }

    @Test
    void readsHostfilesAndCommaLists() {
        assertThat(NodeList.parse("# hosts\nnode1 slots=8\nnode2 slots=8\r\n\nnode1\n")).containsExactly("node1", "node2");
        assertThat(NodeList.parse("a, b,c:8")).containsExactly("a", "b", "c");
    }

    @Test
    void rejectsBrokenExpressions() {
        assertThatThrownBy(() -> NodeList.parse("gpu[01-04")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> NodeList.parse("gpu[4-1]")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> NodeList.parse("gpu[a-b]")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> NodeList.parse("n[1-99999999]")).isInstanceOf(IllegalArgumentException.class);
    }
}

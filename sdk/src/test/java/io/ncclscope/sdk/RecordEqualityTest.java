package io.ncclscope.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.workflow.Link;
import io.ncclscope.sdk.workflow.Observation;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The records whose {@code equals} and {@code hashCode} are written by hand (to keep the generated ones' bootstrap out of
 * a short command's start) keep the record contract: equal exactly when every component is equal, equal hash codes
 * when equal. Each case gives two values for every component; the test builds the record from the first values, a
 * copy of it, and one variant per component with that component's second value.
 */
class RecordEqualityTest {

    static Stream<Arguments> records() {
        Subject s1 = Subject.node("gpu-a");
        Subject s2 = Subject.node("gpu-b");
        Message m1 = new Message("b", "k", Map.of("x", "1"));
        Message m2 = new Message("b", "k", Map.of("x", "2"));
        EvidenceLine l1 = new EvidenceLine("a.log", 1, "x");
        EvidenceLine l2 = new EvidenceLine("a.log", 2, "x");
        return Stream.of(
                Arguments.of(Subject.class,
                        new Object[] {"n1", 1, "GPU0", "mlx5_0", 1, "ib0", "p1"},
                        new Object[] {"n2", 2, "GPU1", "mlx5_1", 2, "ib1", "p2"}),
                Arguments.of(Subject.class,
                        new Object[] {"n1", null, null, null, null, null, null},
                        new Object[] {null, 0, "GPU1", "mlx5_1", 2, "ib1", "p2"}),
                Arguments.of(EvidenceLine.class,
                        new Object[] {"a.log", 3, "text"},
                        new Object[] {"b.log", 4, "other"}),
                Arguments.of(Link.class,
                        new Object[] {"NET_SOCKET_FALLBACK", "a.log", 3, "text"},
                        new Object[] {null, "b.log", 4, "other"}),
                Arguments.of(Observation.class,
                        new Object[] {Need.NODE_LIST, "n1", "v", List.of(Link.of("C", l1))},
                        new Object[] {Need.GPU_INVENTORY, null, "w", List.of(Link.of("C", l2))}),
                Arguments.of(Message.class,
                        new Object[] {"bundle", "key", Map.of("a", "1")},
                        new Object[] {"other", "key2", Map.of("a", "2")}),
                Arguments.of(Quote.Key.class,
                        new Object[] {"a.log", 3},
                        new Object[] {"b.log", 4}),
                Arguments.of(Quote.Key.class,
                        new Object[] {null, 3},
                        new Object[] {"b.log", 0}),
                Arguments.of(Finding.class,
                        new Object[] {"NET_SOCKET_FALLBACK", FindingSeverity.WARNING, s1, m1, List.of(l1), Map.of("p", "1")},
                        new Object[] {"NCCL_DUPLICATE_GPU", FindingSeverity.ERROR, s2, m2, List.of(l2), Map.of()}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("records")
    void equalExactlyWhenEveryComponentIsEqual(Class<? extends Record> type, Object[] first, Object[] second)
            throws Exception {
        Record a = make(type, first);
        Record b = make(type, first.clone());
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(null).isNotEqualTo("x");
        assertThat(a.equals(a)).isTrue();
        for (int i = 0; i < first.length; i++) {
            Object[] changed = first.clone();
            changed[i] = second[i];
            Record c = make(type, changed);
            assertThat(c).as("%s differing in component %d", type.getSimpleName(), i).isNotEqualTo(a);
            assertThat(a).as("%s differing in component %d", type.getSimpleName(), i).isNotEqualTo(c);
            assertThat(c).isEqualTo(make(type, changed.clone())).hasSameHashCodeAs(make(type, changed.clone()));
        }
    }

    @org.junit.jupiter.api.Test
    void subjectPrintsAsTheRecordWould() {
        // The record format: its name, then each component as name=value in declaration order, null as null.
        assertThat(new Subject("n1", 3, null, "mlx5_0", 1, null, "p")).hasToString(
                "Subject[node=n1, rank=3, gpu=null, device=mlx5_0, port=1, iface=null, peer=p]");
        assertThat(Subject.JOB).hasToString(
                "Subject[node=null, rank=null, gpu=null, device=null, port=null, iface=null, peer=null]");
    }

    @org.junit.jupiter.api.Test
    void linkPrintsAsTheRecordWould() {
        // The workflow's canonical order compares links by this text, so it must stay the record's own format.
        assertThat(new Link("NET_SOCKET_FALLBACK", "a.log", 3, "x, y")).hasToString(
                "Link[code=NET_SOCKET_FALLBACK, artifact=a.log, line=3, text=x, y]");
        assertThat(new Link(null, "b.log", 0, null)).hasToString("Link[code=null, artifact=b.log, line=0, text=]");
    }

    private static Record make(Class<? extends Record> type, Object[] args) throws Exception {
        Class<?>[] types = Arrays.stream(type.getRecordComponents()).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Constructor<? extends Record> c = type.getDeclaredConstructor(types);
        c.setAccessible(true);
        return c.newInstance(args);
    }
}

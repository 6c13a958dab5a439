package io.ncclscope.parsers.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JsonTest {

    enum Color { RED }

    record Inner(String interface_, Double v) {
    }

    record Outer(String name, Integer missing, List<Inner> items, Map<String, Long> counts, Color color,
                 Optional<String> opt, int[] nums) {
    }

    @Test
    void recordsBecomeObjectsInComponentOrderWithNullsLeftOut() {
        Outer o = new Outer("a\"b\n", null, List.of(new Inner("eth0", 1.5)), new LinkedHashMap<>(Map.of("x", 3L)),
                Color.RED, Optional.empty(), new int[] {1, 2});
        assertThat(Json.write(o)).isEqualTo(
                "{\"name\":\"a\\\"b\\n\",\"items\":[{\"interface\":\"eth0\",\"v\":1.5}],\"counts\":{\"x\":3},"
                        + "\"color\":\"RED\",\"nums\":[1,2]}");
    }

    @Test
    void nonFiniteNumbersAreNullAndWholeDoublesKeepTheirPoint() {
        assertThat(Json.write(List.of(Double.NaN, 2.0, 0.25))).isEqualTo("[null,2.0,0.25]");
    }

    /** Flight Recorder's nanosecond stamps have 19 digits: they must stay exact, not pass through a double. */
    @Test
    void wholeNumbersThatFitALongStayExact() {
        assertThat(Json.parse("[1796446189434167886, -9223372036854775808, 9223372036854775807, 9223372036854775808]"))
                .asList().containsExactly(1796446189434167886L, Long.MIN_VALUE, Long.MAX_VALUE, 9.223372036854775808E18);
    }

    @Test
    void prettyOutputParsesBackToTheSameTree() {
        Object tree = Json.parse("{\"a\": [1, 2.5, \"x\\u00e9\", true, null, {\"b\": {}}], \"c\": []}");
        assertThat(Json.parse(Json.pretty(tree))).isEqualTo(tree);
        assertThat(((Map<?, ?>) tree).get("a")).asList().containsExactly(1L, 2.5, "xé", true, null, Map.of("b", Map.of()));
    }

    @Test
    void badJsonSaysWhere() {
        assertThatThrownBy(() -> Json.parse("{\n  \"a\": tru }"))
                .isInstanceOf(Json.JsonException.class)
                .hasMessageContaining("line 2");
        assertThatThrownBy(() -> Json.parse("[1,]")).isInstanceOf(Json.JsonException.class);
        assertThatThrownBy(() -> Json.parse("\"open")).isInstanceOf(Json.JsonException.class);
        assertThatThrownBy(() -> Json.parse("[] x")).isInstanceOf(Json.JsonException.class);
    }

    @Test
    void deepNestingIsRefusedNotAStackOverflow() {
        String deep = "[".repeat(10_000) + "]".repeat(10_000);
        assertThatThrownBy(() -> Json.parse(deep)).isInstanceOf(Json.JsonException.class).hasMessageContaining("deeper");
    }
}

package io.ncclscope.sdk.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RuleTest {

    @Test
    void ruleCopiesItsSources() {
        List<String> sources = new ArrayList<>(List.of("src/init.cc"));
        Rule r = new Rule("X_Y", Category.ERROR, FindingSeverity.ERROR, Segment.NONE, sources);
        sources.add("later");
        assertThat(r.sources()).containsExactly("src/init.cc");
    }

    @Test
    void ruleRejectsCodesThatAreNotUpperSnakeCase() {
        for (String bad : List.of("nccl_error", "NCCL-ERROR", "_NCCL", "NCCL_", "NCCL__X", "", "1ABC")) {
            assertThatThrownBy(() -> new Rule(bad, Category.ERROR, FindingSeverity.ERROR, Segment.NONE,
                    List.of("src/init.cc"))).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void codeCheckAgreesWithTheRegularExpressionItReplaces() {
        java.util.regex.Pattern regex = java.util.regex.Pattern.compile("[A-Z][A-Z0-9]*(_[A-Z0-9]+)*");
        List<String> codes = new ArrayList<>(List.of("A", "A1", "A_1", "NCCL_CONNECT_FAILED", "X_Y_Z9", "A__B", "A_",
                "_A", "a", "Ab", "A-B", "A B", "9A", "", "A_B_", "AB_C1_2"));
        for (Rule r : RuleCatalog.all()) codes.add(r.code());
        for (String code : codes) {
            assertThat(Rule.upperSnakeCase(code)).as(code).isEqualTo(regex.matcher(code).matches());
        }
    }

    @Test
    void ruleNeedsSources() {
        assertThatThrownBy(() -> new Rule("X", Category.ERROR, FindingSeverity.ERROR, Segment.NONE, List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("X");
        assertThatThrownBy(() -> new Rule("X", Category.ERROR, FindingSeverity.ERROR, Segment.NONE, List.of(" ")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ruleTextNeedsCausesAndActions() {
        List<Action> actions = List.of(new Action("Check.", "ibstat"));
        assertThatThrownBy(() -> new RuleText("t", "m", List.of(), actions)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RuleText("t", "m", List.of("c"), List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RuleText(" ", "m", List.of("c"), actions)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void severitiesAreOrderedFromInfoToCritical() {
        assertThat(FindingSeverity.values())
                .containsExactly(FindingSeverity.INFO, FindingSeverity.WARNING, FindingSeverity.ERROR, FindingSeverity.CRITICAL);
        assertThat(FindingSeverity.CRITICAL.atLeast(FindingSeverity.ERROR)).isTrue();
        assertThat(FindingSeverity.WARNING.atLeast(FindingSeverity.WARNING)).isTrue();
        assertThat(FindingSeverity.INFO.atLeast(FindingSeverity.WARNING)).isFalse();
    }

    @Test
    void enumsHoldTheDocumentedConstants() {
        assertThat(Category.values()).containsExactly(Category.ERROR, Category.TRANSPORT, Category.TOPOLOGY, Category.BANDWIDTH);
        assertThat(Segment.values()).containsExactly(Segment.INTRA_NODE, Segment.INTER_NODE, Segment.END_TO_END, Segment.NONE);
    }
}

package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.rules.MessageCatalogue;
import io.ncclscope.sdk.rules.RuleCatalog;
import org.junit.jupiter.api.Test;

class CatalogueWarmupTest {

    @Test
    void warmsOnlyCommandsOfTheCommandLine() {
        assertThat(Main.COMMANDS.keySet()).containsAll(CatalogueWarmup.COMMANDS);
        assertThat(CatalogueWarmup.COMMANDS).contains("analyze").doesNotContain("parse", "serve", "collect");
    }

    @Test
    void readsBothCataloguesWithoutFailing() {
        CatalogueWarmup.run();
        assertThat(RuleCatalog.codeNames()).isNotEmpty();
        assertThat(MessageCatalogue.builtIn().match("Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 60"))
                .hasValueSatisfying(row -> assertThat(row.classification()).isEqualTo("NCCL_DUPLICATE_GPU"));
    }
}

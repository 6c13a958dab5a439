package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.BindException;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/** A start that fails says why: the cause Quarkus wraps in "Failed to start quarkus" is named, not only the wrapper. */
class ServeFailureTest {

    @Test
    void aMisspelledSettingIsNamedBehindQuarkusWrapper() {
        var cause = new NoSuchElementException(
                "SRCFG00050: ncclscope.service.max-body-sise in SysPropConfigSource does not map to any root");
        var failure = new RuntimeException("Failed to start quarkus", new IllegalStateException(cause));

        assertThat(ServeCommand.causes(failure)).isEqualTo("Failed to start quarkus; caused by: "
                + "SRCFG00050: ncclscope.service.max-body-sise in SysPropConfigSource does not map to any root");
    }

    @Test
    void aMessageRepeatedByItsWrapperIsSaidOnce() {
        var bind = new BindException("Address already in use");
        var failure = new RuntimeException("Failed to start quarkus",
                new RuntimeException("java.net.BindException: Address already in use", bind));

        assertThat(ServeCommand.causes(failure))
                .isEqualTo("Failed to start quarkus; caused by: Address already in use");
    }

    @Test
    void aFailureWithNoMessageIsNamedByItsType() {
        assertThat(ServeCommand.causes(new IllegalStateException())).isEqualTo("IllegalStateException");
    }
}

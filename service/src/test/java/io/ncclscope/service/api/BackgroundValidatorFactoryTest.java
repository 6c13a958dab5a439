package io.ncclscope.service.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.service.dto.AnalyzeRequest;
import io.quarkus.arc.Arc;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.util.List;
import java.util.Set;
import org.hibernate.validator.HibernateValidatorFactory;
import org.junit.jupiter.api.Test;

/**
 * The validator factory that the start asks for is the one built beside it, and what it hands out is the extension's
 * own: the same validation, only built on another thread.
 */
@QuarkusTest
class BackgroundValidatorFactoryTest {

    @Inject
    ValidatorFactory factory;

    @Inject
    @Named(BackgroundValidatorFactory.QUARKUS_NAME)
    HibernateValidatorFactory named;

    @Inject
    Validator validator;

    @Test
    void everyInjectionAndTheStartsOwnLookupGetTheFactoryBuiltBesideTheStart() {
        assertThat(factory).isInstanceOf(BackgroundValidatorFactory.class);
        assertThat(named).isInstanceOf(BackgroundValidatorFactory.class);
        // What the extension's static init step asks for (HibernateValidatorRecorder.hibernateValidatorFactoryInit).
        assertThat(Arc.container().instance(HibernateValidatorFactory.class).get())
                .isInstanceOf(BackgroundValidatorFactory.class);
    }

    @Test
    void itHandsOutTheExtensionsOwnFactoryAndValidator() {
        HibernateValidatorFactory extensions = BackgroundValidatorFactory.extensionFactory();
        assertThat(extensions).isNotInstanceOf(BackgroundValidatorFactory.class);
        assertThat(factory.unwrap(HibernateValidatorFactory.class)).isSameAs(extensions);
        assertThat(factory.getMessageInterpolator()).isSameAs(extensions.getMessageInterpolator());
    }

    @Test
    void theValidatorChecksTheRequestRecordsConstraints() {
        Set<ConstraintViolation<AnalyzeRequest>> violations = validator.validate(new AnalyzeRequest(List.of(), "xx"));
        assertThat(violations).extracting(v -> v.getPropertyPath().toString())
                .containsExactlyInAnyOrder("artifacts", "lang");
    }
}

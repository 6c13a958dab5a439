package io.ncclscope.service.api;

import io.quarkus.arc.Arc;
import io.quarkus.arc.InjectableBean;
import io.quarkus.arc.Unremovable;
import io.quarkus.arc.properties.UnlessBuildProperty;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.literal.NamedLiteral;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import jakarta.validation.ClockProvider;
import jakarta.validation.ConstraintValidatorFactory;
import jakarta.validation.MessageInterpolator;
import jakarta.validation.ParameterNameProvider;
import jakarta.validation.TraversableResolver;
import jakarta.validation.Validator;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.hibernate.validator.HibernateValidatorContext;
import org.hibernate.validator.HibernateValidatorFactory;
import org.hibernate.validator.spi.nodenameprovider.PropertyNodeNameProvider;
import org.hibernate.validator.spi.properties.GetterPropertySelectionStrategy;
import org.hibernate.validator.spi.scripting.ScriptEvaluatorFactory;

/**
 * Quarkus' own Hibernate Validator factory, built on a thread of its own while the start goes on, so that the first
 * ready answer does not wait for it. quarkus-hibernate-validator makes its factory a synthetic bean and asks for it at
 * static init, and that build (the metadata of every validated resource and request record, read from their
 * annotations by reflection, in code that runs for the first time) was about two fifths of the start's main thread
 * (JFR on the node bundle, 2026-12-05); no setting of the extension defers it. This bean stands in for the extension's
 * at every injection point (an enabled alternative of the same types and name), so that static init makes this one,
 * which only starts the thread; the thread asks ArC for the extension's bean itself, which builds the factory exactly
 * as before. Every call waits for that factory and goes to it: the first validated request finds it built, or waits
 * the rest of the build; validation, its messages and its problems are the same (ServiceApiTest, LimitsTest).
 *
 * <p>Not in a native image: there the extension's factory is built when the image is, and a thread started at static
 * init could not be kept in it.
 */
@Alternative
@Priority(1)
@Singleton
@Unremovable
@Named(BackgroundValidatorFactory.QUARKUS_NAME)
@UnlessBuildProperty(name = "quarkus.native.enabled", stringValue = "true", enableIfMissing = true)
public class BackgroundValidatorFactory implements HibernateValidatorFactory {

    /** The name the extension gives its factory bean (and the validator bean injects it by). */
    static final String QUARKUS_NAME = "quarkus-hibernate-validator-factory";

    private final CompletableFuture<HibernateValidatorFactory> built = new CompletableFuture<>();

    BackgroundValidatorFactory() {
        CompletableFuture<HibernateValidatorFactory> result = built;
        Thread t = new Thread(() -> build(result), "ncclscope-validator-factory");
        t.setDaemon(true);
        t.start();
    }

    private static void build(CompletableFuture<HibernateValidatorFactory> result) {
        try {
            result.complete(extensionFactory());
        } catch (RuntimeException | Error e) {
            result.completeExceptionally(e);
        }
    }

    /** The factory of the extension's own bean, the synthetic one of the same name that this bean stands in for. */
    @SuppressWarnings("unchecked")
    static HibernateValidatorFactory extensionFactory() {
        for (Bean<?> bean : Arc.container().beanManager()
                .getBeans(HibernateValidatorFactory.class, NamedLiteral.of(QUARKUS_NAME))) {
            if (bean instanceof InjectableBean<?> b && b.getKind() == InjectableBean.Kind.SYNTHETIC) {
                return Arc.container().instance((InjectableBean<HibernateValidatorFactory>) b).get();
            }
        }
        throw new IllegalStateException("quarkus-hibernate-validator registered no synthetic bean named " + QUARKUS_NAME);
    }

    /** The extension's factory, once built; a build that failed fails every call with its own exception. */
    private HibernateValidatorFactory factory() {
        try {
            return built.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error r) throw r;
            throw e;
        }
    }

    @Override
    public Validator getValidator() {
        return factory().getValidator();
    }

    @Override
    public HibernateValidatorContext usingContext() {
        return factory().usingContext();
    }

    @Override
    public MessageInterpolator getMessageInterpolator() {
        return factory().getMessageInterpolator();
    }

    @Override
    public TraversableResolver getTraversableResolver() {
        return factory().getTraversableResolver();
    }

    @Override
    public ConstraintValidatorFactory getConstraintValidatorFactory() {
        return factory().getConstraintValidatorFactory();
    }

    @Override
    public ParameterNameProvider getParameterNameProvider() {
        return factory().getParameterNameProvider();
    }

    @Override
    public ClockProvider getClockProvider() {
        return factory().getClockProvider();
    }

    @Override
    public ScriptEvaluatorFactory getScriptEvaluatorFactory() {
        return factory().getScriptEvaluatorFactory();
    }

    @Override
    public Duration getTemporalValidationTolerance() {
        return factory().getTemporalValidationTolerance();
    }

    @Override
    public GetterPropertySelectionStrategy getGetterPropertySelectionStrategy() {
        return factory().getGetterPropertySelectionStrategy();
    }

    @Override
    public PropertyNodeNameProvider getPropertyNodeNameProvider() {
        return factory().getPropertyNodeNameProvider();
    }

    @Override
    public <T> T unwrap(Class<T> type) {
        return factory().unwrap(type);
    }

    /** Nothing: the extension's bean closes its factory when the container stops, as it did. */
    @Override
    public void close() {
    }
}

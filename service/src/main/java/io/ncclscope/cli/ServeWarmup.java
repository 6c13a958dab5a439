package io.ncclscope.cli;

import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheus.PrometheusConfig;
import io.micrometer.prometheus.PrometheusMeterRegistry;
import io.ncclscope.service.api.AnalyzeResource;
import io.ncclscope.service.api.CompareResource;
import io.ncclscope.service.api.ExpectResource;
import io.ncclscope.service.api.LocalizeResource;
import io.ncclscope.service.api.ParseResource;
import io.ncclscope.service.api.PlanResource;
import io.ncclscope.service.api.RulesResource;
import io.ncclscope.service.api.WorkflowResource;
import io.ncclscope.service.dto.AnalyzeRequest;
import io.ncclscope.service.dto.ArtifactDto;
import io.ncclscope.service.dto.ArtifactSetDto;
import io.ncclscope.service.dto.CompareRequest;
import io.ncclscope.service.dto.ExpectRequest;
import io.ncclscope.service.dto.LocalizeRequest;
import io.ncclscope.service.dto.ParseRequest;
import io.ncclscope.service.dto.PlanPairsRequest;
import io.ncclscope.service.dto.WorkflowRequest;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.openapi.api.SmallRyeOpenAPI;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedArrayType;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.List;
import org.eclipse.microprofile.openapi.models.OpenAPI;

/**
 * Work that {@code serve}'s start does on its main thread, begun beforehand on a thread of its own, so that a machine
 * with idle cores reaches the first ready answer sooner. Quarkus starts on one thread. Hibernate Validator's bootstrap
 * was its largest step on the JVM (not in a native image, which does it at build time); it now runs on a thread of its
 * own ({@code BackgroundValidatorFactory}), and it reads every annotation of the classes below by reflection, which
 * parses the annotations, generates a proxy class per annotation type and a method handle per attribute it reads, and
 * one {@code @DecimalMin} initializes {@link BigDecimal}, whose static initializer squares large numbers. The JDK keeps
 * all of that per class, per member and per method: what this thread reads first, that build finds ready. Then, once
 * Quarkus has chosen its logging, this thread reads the build's OpenAPI document into a model (done with SmallRye
 * OpenAPI and Jackson's YAML parser), and binds the JVM's meters to a Prometheus registry, each on a copy that it
 * throws away: that code runs for the first time here, so the main thread runs it with its classes initialized and,
 * by then, partly compiled. Nothing here changes what the start builds, only who pays for the first run of that code;
 * when this thread is late or fails, the main thread does the same work itself.
 */
final class ServeWarmup {

    /**
     * Every class of the service that Hibernate Validator reads when its factory is built: those with a Bean Validation
     * annotation on the class, a field, a method, a constructor, a parameter or a record component (ServeWarmupTest keeps
     * the list complete).
     */
    static final List<Class<?>> VALIDATED = List.of(
            AnalyzeResource.class, CompareResource.class, ExpectResource.class, LocalizeResource.class,
            ParseResource.class, PlanResource.class, RulesResource.class, WorkflowResource.class,
            AnalyzeRequest.class, ArtifactDto.class, ArtifactSetDto.class, CompareRequest.class, ExpectRequest.class,
            LocalizeRequest.class, ParseRequest.class, PlanPairsRequest.class, WorkflowRequest.class);

    /**
     * The OpenAPI document as the build wrote it, which Quarkus reads at start (OpenApiDocumentService, the default
     * document).
     */
    static final String BUILD_DOCUMENT = "META-INF/quarkus-generated-openapi-doc.JSON";

    /** The system property that Quarkus' generated application sets first in its static initialization. */
    static final String LOGGING_PROVIDER = "org.jboss.logging.provider";

    /** How long the warm-up waits for Quarkus to choose its logging before it leaves the rest to the main thread. */
    static final long LOGGING_WAIT_MS = 10_000;

    private ServeWarmup() {
    }

    /**
     * The system property that turns the warm-up off ({@code -Dncclscope.serve.warmup=false} in
     * {@code NCCLSCOPE_JAVA_OPTS}): it runs libraries' first initialization on a second thread while Quarkus runs the same
     * on its main thread, and an operator who suspects that of a stuck start can rule it out.
     */
    static final String SWITCH = "ncclscope.serve.warmup";

    /**
     * Starts the warm-up on a daemon thread; does nothing in a native image, whose start has none of this work, or when
     * {@link #SWITCH} is {@code false}.
     */
    static void start() {
        if (System.getProperty("org.graalvm.nativeimage.imagecode") != null) return;
        if ("false".equals(System.getProperty(SWITCH))) return;
        Thread t = new Thread(ServeWarmup::run, "ncclscope-serve-warmup");
        t.setDaemon(true);
        t.start();
    }

    /** Reads what the start will read; any failure is left for the start to meet and report itself. */
    static void run() {
        try {
            if (BigDecimal.ONE.signum() != 1) throw new IllegalStateException("BigDecimal.ONE");
            for (Class<?> c : VALIDATED) read(c);
            if (!quarkusLoggingChosen()) return;
            openApi(ServeWarmup.class.getClassLoader());
            metrics();
        } catch (RuntimeException | LinkageError e) {
            // Nothing to report: the main thread reads the same classes and fails there, in its own words.
        }
    }

    /**
     * Waits until Quarkus has chosen its logging, at the start of its static initialization: SmallRye OpenAPI logs
     * through JBoss Logging and Micrometer through SLF4J, and the first use of either fixes the log manager
     * for the whole process (one used before Quarkus sets {@value #LOGGING_PROVIDER} sent every later line through
     * {@code java.util.logging}'s own format, and Hibernate Validator's version line with them). False when that has not
     * happened within {@link #LOGGING_WAIT_MS} (a Quarkus that chooses it otherwise).
     */
    private static boolean quarkusLoggingChosen() {
        long deadline = System.nanoTime() + LOGGING_WAIT_MS * 1_000_000L;
        while (System.getProperty(LOGGING_PROVIDER) == null) {
            if (System.nanoTime() > deadline) return false;
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /**
     * Binds the JVM's and the system's meters to a Prometheus registry of its own, then closes it: Quarkus binds the
     * same kinds to the service's registry at start, each reading the JVM's management beans for the first time.
     * Returns the meters bound.
     */
    @SuppressWarnings("deprecation") // the simpleclient registry is the one quarkus-micrometer-registry-prometheus uses
    static int metrics() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (JvmGcMetrics gc = new JvmGcMetrics()) {
            new ClassLoaderMetrics().bindTo(registry);
            new JvmMemoryMetrics().bindTo(registry);
            new JvmThreadMetrics().bindTo(registry);
            gc.bindTo(registry);
            new ProcessorMetrics().bindTo(registry);
            new UptimeMetrics().bindTo(registry);
            new FileDescriptorMetrics().bindTo(registry);
            return registry.getMeters().size();
        } finally {
            registry.close();
        }
    }

    /**
     * Reads the build's OpenAPI document into a model as Quarkus does at start; returns the model, or null when
     * {@code loader} has no such document. Its own configuration, empty: the application's is Quarkus' to set up, and
     * nothing here registers one. Quarkus writes the model as YAML or JSON only when {@code /q/openapi} is asked for
     * ({@code quarkus.smallrye-openapi.always-run-filter} in application.properties), so neither is written here.
     */
    static OpenAPI openApi(ClassLoader loader) {
        byte[] built;
        try (InputStream in = loader.getResourceAsStream(BUILD_DOCUMENT)) {
            if (in == null) return null;
            built = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        SmallRyeOpenAPI document = SmallRyeOpenAPI.builder()
                .withConfig(new SmallRyeConfigBuilder().build())
                .withApplicationClassLoader(loader)
                .enableModelReader(false)
                .enableStandardStaticFiles(false)
                .enableAnnotationScan(false)
                .enableStandardFilter(false)
                .withCustomStaticFile(() -> new ByteArrayInputStream(built))
                .build();
        return document.model();
    }

    /** Reads every annotation of {@code c} and of its members, parameters and record components, with their values. */
    static void read(Class<?> c) {
        values(c.getDeclaredAnnotations());
        for (Field f : c.getDeclaredFields()) {
            values(f.getDeclaredAnnotations());
            types(f.getAnnotatedType());
        }
        for (Method m : c.getDeclaredMethods()) {
            executable(m);
            types(m.getAnnotatedReturnType());
        }
        for (Constructor<?> k : c.getDeclaredConstructors()) executable(k);
        if (c.isRecord()) {
            for (RecordComponent r : c.getRecordComponents()) values(r.getDeclaredAnnotations());
        }
    }

    private static void executable(Executable e) {
        values(e.getDeclaredAnnotations());
        for (Annotation[] p : e.getParameterAnnotations()) values(p);
        e.getParameters();
        types(e.getAnnotatedParameterTypes());
    }

    /** Reads the type-use annotations of {@code types}, of their type arguments and of their element types. */
    private static void types(AnnotatedType... types) {
        for (AnnotatedType t : types) {
            values(t.getDeclaredAnnotations());
            if (t instanceof AnnotatedParameterizedType p) {
                types(p.getAnnotatedActualTypeArguments());
            } else if (t instanceof AnnotatedArrayType a) {
                types(a.getAnnotatedGenericComponentType());
            }
        }
    }

    /** Reads each attribute of each annotation through reflection, as the validator reads them. */
    private static void values(Annotation[] annotations) {
        for (Annotation a : annotations) {
            for (Method m : a.annotationType().getDeclaredMethods()) {
                if (m.getParameterCount() != 0) continue;
                try {
                    m.invoke(a);
                } catch (IllegalAccessException | InvocationTargetException e) {
                    // An attribute this thread may not read: the validator meets it as it would have.
                }
            }
        }
    }
}

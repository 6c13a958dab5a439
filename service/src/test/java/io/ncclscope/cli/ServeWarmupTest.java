package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedArrayType;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServeWarmupTest {

    @Test
    void warmsUpEveryServiceClassThatCarriesBeanValidationAnnotations() throws Exception {
        List<Class<?>> validated = new ArrayList<>();
        for (Class<?> c : serviceClasses()) {
            if (hasValidation(c)) validated.add(c);
        }
        assertThat(validated).as("classes of io.ncclscope.service with a jakarta.validation annotation").isNotEmpty();
        assertThat(ServeWarmup.VALIDATED).containsExactlyInAnyOrderElementsOf(validated);
    }

    @Test
    void readsEveryAnnotationOfTheValidatedClassesWithoutFailing() {
        for (Class<?> c : ServeWarmup.VALIDATED) {
            assertThatCode(() -> ServeWarmup.read(c)).as(c.getName()).doesNotThrowAnyException();
        }
    }

    @Test
    void bindsTheJvmsMetersToARegistryOfItsOwn() {
        assertThat(ServeWarmup.metrics()).isGreaterThan(10);
    }

    @Test
    void readsTheBuildsOpenApiDocument(@TempDir Path dir) throws IOException {
        Path doc = dir.resolve(ServeWarmup.BUILD_DOCUMENT);
        Files.createDirectories(doc.getParent());
        Files.writeString(doc, "{\"openapi\": \"3.1.0\", \"info\": {\"title\": \"warm-up\", \"version\": \"7\"}, "
                + "\"paths\": {\"/v1/rules\": {\"get\": {\"responses\": {\"200\": {\"description\": \"OK\"}}}}}}",
                StandardCharsets.UTF_8);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            OpenAPI model = ServeWarmup.openApi(loader);
            assertThat(model.getInfo().getTitle()).isEqualTo("warm-up");
            assertThat(model.getPaths().getPathItems()).containsOnlyKeys("/v1/rules");
        }
        try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
            assertThat(ServeWarmup.openApi(empty)).isNull();
        }
    }

    /** Every class compiled from the service's {@code io.ncclscope.service} packages. */
    private static List<Class<?>> serviceClasses() throws IOException, URISyntaxException, ClassNotFoundException {
        Path root = Path.of(ServeWarmup.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path service = root.resolve("io/ncclscope/service");
        List<Class<?>> classes = new ArrayList<>();
        try (Stream<Path> files = Files.walk(service)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class")).sorted()::iterator) {
                String rel = root.relativize(f).toString();
                String name = rel.substring(0, rel.length() - ".class".length()).replace('/', '.');
                classes.add(Class.forName(name, false, ServeWarmup.class.getClassLoader()));
            }
        }
        return classes;
    }

    private static boolean hasValidation(Class<?> c) {
        return annotations(c).stream().anyMatch(a -> a.annotationType().getName().startsWith("jakarta.validation."));
    }

    /** The annotations of {@code c}, of its members, parameters and record components, type uses included. */
    private static List<Annotation> annotations(Class<?> c) {
        List<Annotation> all = new ArrayList<>(Arrays.asList(c.getDeclaredAnnotations()));
        for (Field f : c.getDeclaredFields()) {
            all.addAll(Arrays.asList(f.getDeclaredAnnotations()));
            typeAnnotations(f.getAnnotatedType(), all);
        }
        for (Method m : c.getDeclaredMethods()) {
            executable(m, all);
            typeAnnotations(m.getAnnotatedReturnType(), all);
        }
        for (Constructor<?> k : c.getDeclaredConstructors()) executable(k, all);
        if (c.isRecord()) {
            for (RecordComponent r : c.getRecordComponents()) all.addAll(Arrays.asList(r.getDeclaredAnnotations()));
        }
        return all;
    }

    private static void executable(Executable e, List<Annotation> into) {
        into.addAll(Arrays.asList(e.getDeclaredAnnotations()));
        for (Annotation[] p : e.getParameterAnnotations()) into.addAll(Arrays.asList(p));
        for (AnnotatedType t : e.getAnnotatedParameterTypes()) typeAnnotations(t, into);
    }

    /** The type-use annotations of {@code t} and of its type arguments and element types, at any depth. */
    private static void typeAnnotations(AnnotatedType t, List<Annotation> into) {
        into.addAll(Arrays.asList(t.getDeclaredAnnotations()));
        if (t instanceof AnnotatedParameterizedType p) {
            for (AnnotatedType a : p.getAnnotatedActualTypeArguments()) typeAnnotations(a, into);
        } else if (t instanceof AnnotatedArrayType a) {
            typeAnnotations(a.getAnnotatedGenericComponentType(), into);
        }
    }
}

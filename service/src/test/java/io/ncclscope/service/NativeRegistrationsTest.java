package io.ncclscope.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.collect.Manifest;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.sdk.compare.Comparison;
import io.ncclscope.sdk.compare.PlannedRun;
import io.ncclscope.sdk.compare.Scaling;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.localize.Localization;
import io.ncclscope.sdk.localize.PairPlan;
import io.ncclscope.sdk.report.FinalReport;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.rules.Rule;
import io.ncclscope.sdk.rules.RuleText;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.io.IOException;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.junit.jupiter.api.Test;

/**
 * A native image keeps only the classes registered for reflection, and the two JSON layers read records by
 * reflection: Jackson the REST DTOs, {@code parsers.json.Json} the parsers' and the SDK's records. This test walks
 * every record those layers write, from the REST resources (their return and body types and the schemas their
 * OpenAPI annotations name) and from the SDK results the service writes with {@code Json} (the report, the
 * deliverable report, parse results of every parser, comparisons, localizations, rules, collect manifests), through
 * record components, type arguments and sealed variants, and fails when one is registered neither in
 * {@link NativeRegistrations} (itself or as a nested class of a registered one) nor by its own
 * {@link RegisterForReflection}.
 */
class NativeRegistrationsTest {

    /** The SDK and parser results the service writes with the parsers' JSON writer. */
    static final List<Class<?>> JSON_ROOTS = List.of(Report.class, FinalReport.class, LocalizedFinding.class,
            ParseResult.class, Comparison.class, Scaling.class, PlannedRun.class, Localization.class, PairPlan.class,
            Rule.class, RuleText.class, Manifest.class);

    @Test
    void everyRecordTheJsonLayersWriteIsRegisteredForReflection() throws IOException {
        Set<Class<?>> roots = new LinkedHashSet<>(JSON_ROOTS);
        for (ToolParser<?> p : Parsers.all()) roots.add(dataType(p.getClass()));
        for (Class<?> resource : resources()) {
            for (Method m : resource.getDeclaredMethods()) {
                roots.addAll(classesOf(m.getGenericReturnType()));
                for (Type t : m.getGenericParameterTypes()) roots.addAll(classesOf(t));
                for (APIResponse r : m.getAnnotationsByType(APIResponse.class)) {
                    Arrays.stream(r.content()).map(c -> c.schema().implementation()).forEach(roots::add);
                }
                RequestBody body = m.getAnnotation(RequestBody.class);
                // A multipart form's schema only describes the parts for the contract: nothing reads it as JSON.
                if (body != null) Arrays.stream(body.content()).filter(c -> !c.mediaType().startsWith("multipart/"))
                        .map(c -> c.schema().implementation()).forEach(roots::add);
            }
        }
        Set<Class<?>> written = records(roots);
        assertThat(written).as("records reached").contains(Report.class, io.ncclscope.sdk.workflow.WorkflowView.StepView.class,
                io.ncclscope.service.dto.ReportDto.class);
        Set<Class<?>> registered = Set.of(NativeRegistrations.class.getAnnotation(RegisterForReflection.class).targets());
        Set<String> missing = new TreeSet<>();
        for (Class<?> c : written) {
            if (!isRegistered(c, registered)) missing.add(c.getName());
        }
        assertThat(missing).as("records the JSON layers write that NativeRegistrations (or their own @RegisterForReflection)"
                + " leaves out: add them to NativeRegistrations").isEmpty();
    }

    private static boolean isRegistered(Class<?> c, Set<Class<?>> registered) {
        for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
            if (registered.contains(k)) return true;
            RegisterForReflection own = k.getAnnotation(RegisterForReflection.class);
            if (own != null && (k == c || !own.ignoreNested())) return true;
        }
        return false;
    }

    /** The resource classes: every class of the api package with a JAX-RS {@code @Path}. */
    private static List<Class<?>> resources() throws IOException {
        Path dir = Path.of("target/classes/io/ncclscope/service/api");
        try (Stream<Path> s = Files.list(dir)) {
            List<Class<?>> out = new java.util.ArrayList<>();
            for (String n : s.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".class")).sorted().toList()) {
                Class<?> c = load("io.ncclscope.service.api." + n.substring(0, n.length() - ".class".length()));
                if (c.isAnnotationPresent(jakarta.ws.rs.Path.class)) out.add(c);
            }
            return out;
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, NativeRegistrationsTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The {@code T} of a {@code ToolParser<T>} implementation. */
    private static Class<?> dataType(Class<?> parser) {
        for (Class<?> k = parser; k != null; k = k.getSuperclass()) {
            for (Type t : k.getGenericInterfaces()) {
                if (t instanceof ParameterizedType p && p.getRawType() == ToolParser.class) return classesOf(p.getActualTypeArguments()[0]).get(0);
            }
        }
        throw new IllegalStateException(parser + " names no data type");
    }

    /** The classes a type names: itself, its type arguments, its array component, its bounds. */
    private static List<Class<?>> classesOf(Type t) {
        List<Class<?>> out = new java.util.ArrayList<>();
        if (t instanceof Class<?> c) {
            out.add(c.isArray() ? c.getComponentType() : c);
        } else if (t instanceof ParameterizedType p) {
            out.addAll(classesOf(p.getRawType()));
            for (Type a : p.getActualTypeArguments()) out.addAll(classesOf(a));
        } else if (t instanceof GenericArrayType g) {
            out.addAll(classesOf(g.getGenericComponentType()));
        } else if (t instanceof WildcardType w) {
            for (Type b : w.getUpperBounds()) out.addAll(classesOf(b));
        } else if (t instanceof TypeVariable<?> v) {
            for (Type b : v.getBounds()) out.addAll(classesOf(b));
        }
        return out;
    }

    /** Every record reachable from {@code roots}: through components, type arguments and sealed variants. */
    private static Set<Class<?>> records(Set<Class<?>> roots) {
        Set<Class<?>> seen = new LinkedHashSet<>();
        Set<Class<?>> records = new LinkedHashSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>(roots);
        while (!todo.isEmpty()) {
            Class<?> c = todo.pop();
            if (c == null || c.isPrimitive() || c == Void.class || !seen.add(c)) continue;
            if (!c.getName().startsWith("io.ncclscope.")) continue;
            if (c.isRecord()) {
                records.add(c);
                for (RecordComponent rc : c.getRecordComponents()) todo.addAll(classesOf(rc.getGenericType()));
            }
            if (c.isSealed()) todo.addAll(Arrays.asList(c.getPermittedSubclasses()));
            Schema schema = c.getAnnotation(Schema.class);
            if (schema != null && schema.implementation() != Void.class) todo.add(schema.implementation());
        }
        return records;
    }
}

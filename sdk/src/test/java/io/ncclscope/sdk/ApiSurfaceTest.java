package io.ncclscope.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Pins the public surface that embedding tools rely on: the two module descriptors (what they require and export)
 * and every public signature of the facades ({@link NcclScope}, {@link Options}, {@link Format}, {@link Parsers},
 * {@link ParseLimits}, {@link ParseResult}). An accidental change fails here; a deliberate one is regenerated with
 * {@code -Dncclscope.api.update=true}, reviewed in the diff of {@code src/test/resources/api/surface.txt}, and noted
 * in CHANGELOG.md.
 */
class ApiSurfaceTest {

    static final Path GOLDEN = Path.of("src/test/resources/api/surface.txt");

    static final List<Class<?>> FACADES = List.of(NcclScope.class, Options.class, Options.Builder.class, Format.class,
            Parsers.class, ParseLimits.class, ParseLimits.Builder.class, ParseResult.class);

    /**
     * Analyzer packages whose one public type is the analyzer the facade ({@code NcclScope}) builds from another
     * package: their checks are no API, so the package is not exported.
     */
    static final Set<String> UNEXPORTED_ANALYZERS = Set.of("io.ncclscope.sdk.diagnose.errors",
            "io.ncclscope.sdk.diagnose.links", "io.ncclscope.sdk.diagnose.topology",
            "io.ncclscope.sdk.diagnose.tools", "io.ncclscope.sdk.diagnose.transport", "io.ncclscope.sdk.diagnose.hangs");

    @Test
    void modulesAndFacadeSignaturesMatchTheReviewedSurface() throws IOException {
        String surface = surface();
        if (Boolean.getBoolean("ncclscope.api.update")) {
            Files.createDirectories(GOLDEN.getParent());
            Files.writeString(GOLDEN, surface, StandardCharsets.UTF_8);
        }
        assertThat(Files.exists(GOLDEN)).as("%s (create it with -Dncclscope.api.update=true, then review it)", GOLDEN)
                .isTrue();
        assertThat(surface).as("the public API changed: if on purpose, regenerate %s with -Dncclscope.api.update=true,"
                + " review the diff and note it in CHANGELOG.md", GOLDEN)
                .isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
    }

    @Test
    void everyPackageWithPublicTypesIsExportedUnlessInternal() throws IOException {
        for (Class<?> anchor : List.of(Parsers.class, NcclScope.class)) {
            ModuleDescriptor d = descriptor(anchor);
            Set<String> exported = new TreeSet<>();
            d.exports().forEach(e -> {
                assertThat(e.isQualified()).as("%s exports %s to everyone", d.name(), e.source()).isFalse();
                exported.add(e.source());
            });
            Set<String> withPublicTypes = new TreeSet<>();
            for (String pkg : d.packages()) {
                if (hasPublicType(anchor, pkg)) withPublicTypes.add(pkg);
            }
            withPublicTypes.removeIf(p -> p.endsWith(".internal") || p.contains(".internal."));
            // Analyzer internals: their analyzers are public for the facade, which sits in another package.
            withPublicTypes.removeAll(UNEXPORTED_ANALYZERS);
            assertThat(exported).as("exports of %s: every API package, and no internal one", d.name())
                    .isEqualTo(withPublicTypes);
        }
    }

    @Test
    void parsersReadTheJdkBaseOnlyAndSdkReadsParsersTransitively() throws IOException {
        ModuleDescriptor parsers = descriptor(Parsers.class);
        assertThat(parsers.requires()).extracting(ModuleDescriptor.Requires::name).containsExactly("java.base");
        ModuleDescriptor sdk = descriptor(NcclScope.class);
        assertThat(sdk.requires()).filteredOn(r -> r.name().equals("io.ncclscope.parsers"))
                .singleElement().satisfies(r -> assertThat(r.modifiers()).contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE));
        assertThat(sdk.requires()).extracting(ModuleDescriptor.Requires::name)
                .containsExactlyInAnyOrder("java.base", "io.ncclscope.parsers");
    }

    static String surface() throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append("# The public surface of ncclscope-parsers and ncclscope-sdk, pinned by ApiSurfaceTest.\n");
        sb.append("# Regenerate with -Dncclscope.api.update=true after a deliberate change; note it in CHANGELOG.md.\n");
        for (Class<?> anchor : List.of(Parsers.class, NcclScope.class)) {
            ModuleDescriptor d = descriptor(anchor);
            sb.append("\nmodule ").append(d.name()).append('\n');
            d.requires().stream().map(r -> "  requires " + modifiers(r) + r.name()).sorted()
                    .forEach(l -> sb.append(l).append('\n'));
            d.exports().stream().map(e -> "  exports " + e.source()).sorted().forEach(l -> sb.append(l).append('\n'));
        }
        for (Class<?> c : FACADES) {
            sb.append('\n').append(Modifier.toString(c.getModifiers() & ~Modifier.STATIC)).append(' ')
                    .append(c.isEnum() ? "enum" : c.isRecord() ? "record" : c.isInterface() ? "interface" : "class")
                    .append(' ').append(c.getName()).append('\n');
            List<String> members = new ArrayList<>();
            Stream.of(c.getDeclaredFields()).filter(ApiSurfaceTest::visible).map(Field::toGenericString).forEach(members::add);
            Stream.of(c.getDeclaredConstructors()).filter(ApiSurfaceTest::visible).map(Constructor::toGenericString).forEach(members::add);
            Stream.of(c.getDeclaredMethods()).filter(ApiSurfaceTest::visible).map(Method::toGenericString).forEach(members::add);
            members.stream().map(m -> "  " + m.replace(c.getName() + ".", "")).sorted()
                    .forEach(m -> sb.append(m).append('\n'));
        }
        return sb.toString();
    }

    private static boolean visible(Member m) {
        return !m.isSynthetic() && (Modifier.isPublic(m.getModifiers()) || Modifier.isProtected(m.getModifiers()));
    }

    private static String modifiers(ModuleDescriptor.Requires r) {
        StringBuilder sb = new StringBuilder();
        r.modifiers().stream().filter(m -> m != ModuleDescriptor.Requires.Modifier.MANDATED).map(m -> m.name().toLowerCase() + " ")
                .sorted().forEach(sb::append);
        return sb.toString();
    }

    /** The descriptor compiled beside {@code anchor}: a classes folder in the reactor, or a jar. */
    static ModuleDescriptor descriptor(Class<?> anchor) throws IOException {
        Path where = location(anchor);
        if (Files.isDirectory(where)) {
            try (InputStream in = Files.newInputStream(where.resolve("module-info.class"))) {
                return ModuleDescriptor.read(in, () -> packagesUnder(where));
            }
        }
        try (JarFile jar = new JarFile(where.toFile()); InputStream in = jar.getInputStream(jar.getEntry("module-info.class"))) {
            Set<String> pkgs = new TreeSet<>();
            jar.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class") && n.contains("/"))
                    .forEach(n -> pkgs.add(n.substring(0, n.lastIndexOf('/')).replace('/', '.')));
            return ModuleDescriptor.read(in, () -> pkgs);
        }
    }

    private static Path location(Class<?> anchor) {
        try {
            return Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Set<String> packagesUnder(Path root) {
        Set<String> pkgs = new TreeSet<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> p.toString().endsWith(".class") && !p.getFileName().toString().equals("module-info.class"))
                    .forEach(p -> pkgs.add(root.relativize(p.getParent()).toString().replace('/', '.')));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return pkgs;
    }

    private static boolean hasPublicType(Class<?> anchor, String pkg) {
        Path where = location(anchor);
        if (Files.isDirectory(where)) {
            return hasPublicType(anchor, pkg, where.resolve(pkg.replace('.', '/')));
        }
        // Under `verify` the reactor puts the packaged jar, not the classes folder, on the test path.
        try (java.nio.file.FileSystem jar = java.nio.file.FileSystems.newFileSystem(where)) {
            return hasPublicType(anchor, pkg, jar.getPath(pkg.replace('.', '/')));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static boolean hasPublicType(Class<?> anchor, String pkg, Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".class") && !n.contains("$") && !n.contains("-"))
                    .anyMatch(n -> {
                        try {
                            return Modifier.isPublic(Class.forName(pkg + "." + n.substring(0, n.length() - 6), false,
                                    anchor.getClassLoader()).getModifiers());
                        } catch (ClassNotFoundException e) {
                            throw new IllegalStateException(e);
                        }
                    });
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}

package io.ncclscope.sdk.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The catalogue ({@code io.ncclscope.sdk.rules}) and the workflow planner ({@code io.ncclscope.sdk.workflow}) depend on
 * each other one way only: the planner reads the catalogue, the catalogue never names a class of the planner's package
 * (see the package documentation of both). Read from the compiled classes, whose constant pools name every class a
 * class refers to (a field, a method's signature, a generic type, a constant, a lambda), so that an import, a fully
 * qualified name or a type inferred through {@code var} are all caught; javadoc is not code and is not read.
 */
class PackageDependencyTest {

    @Test
    void theCatalogueNamesNoClassOfTheWorkflowPackage() throws IOException, URISyntaxException {
        assertThat(references("io.ncclscope.sdk.rules", "io.ncclscope.sdk.workflow"))
                .as("classes of io.ncclscope.sdk.rules that refer to io.ncclscope.sdk.workflow: the vocabulary a role is"
                        + " written in belongs in rules (see its package-info)")
                .isEmpty();
    }

    @Test
    void theWorkflowReadsTheCatalogueSoTheScanSeesReferences() throws IOException, URISyntaxException {
        assertThat(references("io.ncclscope.sdk.workflow", "io.ncclscope.sdk.rules"))
                .contains("Planner -> io/ncclscope/sdk/rules/RuleCatalog", "Planner -> io/ncclscope/sdk/rules/WorkflowRole");
    }

    /** {@return "Class -> referenced/class" for every class of package {@code from} that names a class of {@code to}} */
    static Set<String> references(String from, String to) throws IOException, URISyntaxException {
        Path classes = Path.of(RuleCatalog.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path dir = classes.resolve(from.replace('.', '/'));
        // A class of the package itself, not of a package below it: no further '/' after its name.
        Pattern named = Pattern.compile(Pattern.quote(to.replace('.', '/') + "/") + "[\\w$]+(?![\\w$]*/)");
        Set<String> found = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                // Class names in the constant pool are modified UTF-8: ASCII as it is, so Latin-1 reads them exactly.
                String pool = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                Matcher m = named.matcher(pool);
                String name = f.getFileName().toString().replace(".class", "");
                while (m.find()) found.add(name + " -> " + m.group());
            }
        }
        assertThat(found.isEmpty() && !Files.isDirectory(dir)).as("%s holds the classes of %s", dir, from).isFalse();
        return found;
    }
}

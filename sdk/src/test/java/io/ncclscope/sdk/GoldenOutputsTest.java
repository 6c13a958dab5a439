package io.ncclscope.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.FinalReport;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.testing.TestBundles;
import io.ncclscope.sdk.workflow.WorkflowJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every output the SDK gives, pinned byte for byte: for every corpus file (also {@code corpus-more}), every example
 * folder and generated bundles (8 mixed, 64 clones, 64 distinct nodes, read whole and streamed), the parse JSON of
 * single files, the report in JSON, Markdown and text (English and Chinese), the deliverable report in every format
 * and the workflow state. The digests sit in {@code src/test/resources/golden/outputs.sha256}; no corpus text is
 * copied into the project.
 *
 * <p>This is the comparison tool for refactorings that must not change behaviour: a change that alters an output
 * fails here with the keys that moved. For a change meant to alter outputs, rewrite the file with
 * {@code -Dncclscope.golden.update=true}, review the moved keys ({@code -Dncclscope.golden.dump=DIR} writes every
 * output to compare against the old code's dump), and commit the new digests with the change.
 */
class GoldenOutputsTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden/outputs.sha256");
    private static final Locale ZH = Locale.SIMPLIFIED_CHINESE;

    @TempDir
    Path tmp;

    @Test
    void everyOutputIsByteIdenticalToTheGoldenDigests() throws IOException {
        Map<String, String> actual = new TreeMap<>();
        Outputs outs = new Outputs(actual, dumpDir());

        if (Corpus.present()) {
            for (Path root : List.of(Corpus.root(), Corpus.root().resolveSibling("corpus-more"))) {
                if (!Files.isDirectory(root)) continue;
                for (Path f : files(root)) {
                    String key = root.getFileName() + "/" + root.relativize(f).toString().replace('\\', '/');
                    String text = Files.readString(f, StandardCharsets.UTF_8);
                    outs.put(key + " parse", Json.pretty(NcclScope.parse(text)));
                    outs.all(key, NcclScope.evidence(f.getFileName().toString(), text));
                }
            }
        }
        Path examples = Path.of("../examples");
        for (Path dir : exampleFolders(examples)) {
            String key = "examples/" + examples.relativize(dir).toString().replace('\\', '/');
            outs.all(key, NcclScope.evidence(dir));
            outs.streamed(key, dir);
        }
        Map<String, Path> bundles = new LinkedHashMap<>();
        bundles.put("bundle/mixed-8", TestBundles.mixed(tmp.resolve("mixed"), 8));
        bundles.put("bundle/clone-64", TestBundles.cluster(tmp.resolve("clone"), TestBundles.hosts(64)));
        bundles.put("bundle/distinct-64", TestBundles.distinct(tmp.resolve("distinct"), TestBundles.hosts(64)));
        for (Map.Entry<String, Path> b : bundles.entrySet()) {
            outs.all(b.getKey(), NcclScope.evidence(b.getValue()));
            outs.streamed(b.getKey(), b.getValue());
        }

        if (Boolean.getBoolean("ncclscope.golden.update")) {
            write(actual);
            return;
        }
        Map<String, String> expected = read();
        if (!Corpus.present()) expected.keySet().removeIf(k -> k.startsWith("corpus"));
        List<String> moved = new ArrayList<>();
        for (String k : union(expected, actual)) {
            if (!java.util.Objects.equals(expected.get(k), actual.get(k))) moved.add(k);
        }
        assertThat(moved).as("outputs that moved against %s (rewrite with -Dncclscope.golden.update=true only for a"
                + " change meant to alter outputs)", GOLDEN).isEmpty();
    }

    /** Renders every output of one evidence and records its digest. */
    private record Outputs(Map<String, String> digests, Path dump) {

        void all(String key, Evidence evidence) {
            for (Locale locale : List.of(Locale.ENGLISH, ZH)) {
                String lang = locale.getLanguage();
                Report r = NcclScope.analyze(evidence, locale);
                put(key + " report.json " + lang, NcclScope.render(r, Format.JSON));
                put(key + " report.md " + lang, NcclScope.render(r, Format.MARKDOWN));
                put(key + " report.txt " + lang, NcclScope.render(r, Format.TEXT));
                FinalReport fr = NcclScope.report(evidence, locale);
                put(key + " final.json " + lang, NcclScope.render(fr, Format.JSON));
                put(key + " final.md " + lang, NcclScope.render(fr, Format.MARKDOWN));
                put(key + " final.txt " + lang, NcclScope.render(fr, Format.TEXT));
                put(key + " final.html " + lang, NcclScope.render(fr, Format.HTML));
                put(key + " workflow.json " + lang, WorkflowJson.write(NcclScope.workflow(evidence), locale));
            }
        }

        void streamed(String key, Path dir) throws IOException {
            Report r = NcclScope.analyze(Options.DEFAULTS, dir);
            put(key + " streamed.json en", NcclScope.render(r, Format.JSON));
            put(key + " streamed.md en", NcclScope.render(r, Format.MARKDOWN));
        }

        void put(String key, String text) {
            digests.put(key, sha256(text));
            if (dump != null) {
                try {
                    Path p = dump.resolve(key.replace('/', '_').replace(' ', '.'));
                    Files.createDirectories(p.getParent());
                    Files.writeString(p, text, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    private static Path dumpDir() {
        String d = System.getProperty("ncclscope.golden.dump");
        return d == null || d.isBlank() ? null : Path.of(d);
    }

    /** The example folders that hold inputs: each top-level folder and each folder one or two levels below it. */
    private static List<Path> exampleFolders(Path examples) throws IOException {
        try (Stream<Path> s = Files.walk(examples, 3)) {
            return s.filter(Files::isDirectory)
                    .filter(d -> !examples.relativize(d).toString().isEmpty())
                    .filter(d -> !d.toString().contains("target") && !d.toString().contains("sdk-usage")
                            && !d.toString().contains("/src"))
                    .filter(GoldenOutputsTest::holdsFiles)
                    .sorted().toList();
        }
    }

    private static boolean holdsFiles(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.anyMatch(p -> Files.isRegularFile(p) && !p.getFileName().toString().endsWith(".md")
                    && !p.getFileName().toString().endsWith(".sh") && !p.getFileName().toString().endsWith(".xml"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().endsWith(".jsonl") && !p.getFileName().toString().endsWith(".md"))
                    .sorted().toList();
        }
    }

    private static List<String> union(Map<String, String> a, Map<String, String> b) {
        TreeMap<String, String> u = new TreeMap<>(a);
        u.putAll(b);
        return new ArrayList<>(u.keySet());
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, String> read() throws IOException {
        Map<String, String> m = new TreeMap<>();
        for (String line : Files.readAllLines(GOLDEN, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) continue;
            int sp = line.indexOf("  ");
            m.put(line.substring(sp + 2), line.substring(0, sp));
        }
        return m;
    }

    private static void write(Map<String, String> digests) throws IOException {
        StringBuilder sb = new StringBuilder("# sha256 of each output; GoldenOutputsTest says how to update\n");
        digests.forEach((k, v) -> sb.append(v).append("  ").append(k).append('\n'));
        Files.createDirectories(GOLDEN.getParent());
        Files.writeString(GOLDEN, sb.toString(), StandardCharsets.UTF_8);
    }
}

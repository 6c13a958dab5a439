package io.ncclscope.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No template leaks: every corpus file (also {@code corpus-more}), every example folder and the blind corpus, rendered
 * in every format and both languages, must not show a placeholder where a value belongs: {@code unknown} used as a
 * value, a {@code (-)} subject, {@code null}, {@code 0 node(s)}, a phrase doubled in parentheses or a doubled word,
 * or one of the CLI's own flags ({@code --format json}) in what the REST service sends as it is (Markdown, chat cards,
 * HTML, JSON). The lines quoted from the inputs are the inputs' own text and are left out of the scan.
 */
class TemplateLeakTest {

    /** A placeholder where a value belongs, each with what it means. */
    static final Map<String, Pattern> LEAKS = new LinkedHashMap<>();

    static {
        LEAKS.put("'unknown' as a value", Pattern.compile(
                "(?:[:=(]\\s*|\\s{2})unknown\\b|\\bunknown(?:\\s*[)]|\\s+\\d|\\s{2}|\\s+is\\s+the\\s+same)"));
        LEAKS.put("a '(-)' subject", Pattern.compile("\\(-\\)|（-）"));
        LEAKS.put("'null'", Pattern.compile("\\bnull\\b"));
        LEAKS.put("'0 node(s)'", Pattern.compile("(?<![\\d.,])0 node\\(s\\)|(?<![\\d.,])0 个节点"));
        LEAKS.put("a phrase doubled in parentheses", Pattern.compile("(\\S{4,}) \\(\\1\\)"));
        // "NET/OFI OFI NCCL failure" is aws-ofi-nccl's own wording, repeated in the finding's detail as the plugin said it.
        LEAKS.put("a doubled word", Pattern.compile("(?<![\\w-])(?!OFI OFI)(\\p{L}{3,}) \\1(?![\\w-])"));
    }

    /** The CLI's own flags: a REST answer must not tell its reader to pass them. */
    static final Pattern CLI_FLAG = Pattern.compile("(?<![\\w-])--(?:(?:format|lang)[ =](?:json|md|text|html|slack|feishu|zh-CN|en)"
            + "|(?:state|write-state|quiet|kind)(?![\\w-]))");

    @Test
    void noRenderingOfAnyInputShowsAPlaceholder() throws IOException {
        Map<String, Evidence> inputs = inputs();
        assertThat(inputs).hasSizeGreaterThan(5);
        List<String> leaks = new ArrayList<>();
        for (Map.Entry<String, Evidence> in : inputs.entrySet()) {
            for (Locale l : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
                Report r = NcclScope.analyze(in.getValue(), l);
                FinalReport fr = NcclScope.report(in.getValue(), l);
                String json = NcclScope.render(r, Format.JSON);
                String finalJson = NcclScope.render(fr, Format.JSON);
                Set<String> quoted = quoted(Json.parse(json));
                quoted.addAll(quoted(Json.parse(finalJson)));
                Map<String, String> outputs = new LinkedHashMap<>();
                outputs.put("report.md", NcclScope.render(r, Format.MARKDOWN, io.ncclscope.sdk.Surface.REST));
                outputs.put("report.txt", NcclScope.render(r, Format.TEXT, io.ncclscope.sdk.Surface.REST));
                outputs.put("report.slack", NcclScope.render(r, Format.SLACK, io.ncclscope.sdk.Surface.REST));
                outputs.put("report.feishu", NcclScope.render(r, Format.FEISHU, io.ncclscope.sdk.Surface.REST));
                outputs.put("final.md", NcclScope.render(fr, Format.MARKDOWN, io.ncclscope.sdk.Surface.REST));
                outputs.put("final.txt", NcclScope.render(fr, Format.TEXT, io.ncclscope.sdk.Surface.REST));
                outputs.put("final.html", NcclScope.render(fr, Format.HTML, io.ncclscope.sdk.Surface.REST));
                outputs.put("report.json summary", String.valueOf(((Map<?, ?>) Json.parse(json)).get("summary")));
                for (Map.Entry<String, String> out : outputs.entrySet()) {
                    String where = in.getKey() + " " + out.getKey() + " " + l.getLanguage();
                    boolean rest = !out.getKey().endsWith(".txt");
                    scan(where, out.getValue(), quoted, rest, leaks);
                }
            }
        }
        assertThat(leaks).as("placeholders in the renderings").isEmpty();
    }

    private static void scan(String where, String output, Set<String> quoted, boolean rest, List<String> leaks) {
        for (String line : output.split("\\\\n|\n")) {
            if (quotes(line, quoted)) continue;
            for (Map.Entry<String, Pattern> leak : LEAKS.entrySet()) {
                Matcher m = leak.getValue().matcher(line);
                if (m.find()) leaks.add(where + ": " + leak.getKey() + ": " + excerpt(line, m.start()));
            }
            if (rest) {
                Matcher m = CLI_FLAG.matcher(line);
                if (m.find()) leaks.add(where + ": a CLI flag in a REST answer: " + excerpt(line, m.start()));
            }
        }
    }

    /** Whether a rendered line carries a line quoted from the inputs (raw, or as HTML or JSON escape it). */
    private static boolean quotes(String line, Set<String> quoted) {
        for (String q : quoted) {
            if (line.contains(q) || line.contains(io.ncclscope.sdk.internal.Html.escape(q)) || line.contains(Json.write(q).replace("\"", ""))) {
                return true;
            }
        }
        return false;
    }

    private static String excerpt(String line, int at) {
        int from = Math.max(0, at - 60);
        return line.substring(from, Math.min(line.length(), at + 60));
    }

    /**
     * The texts of every line quoted from the inputs in a report's JSON (objects with an {@code artifact} and a
     * {@code text}: evidence lines and workflow links), cut to a stretch that reads the same after escaping.
     */
    static Set<String> quoted(Object json) {
        Set<String> out = new HashSet<>();
        walk(json, out);
        return out;
    }

    private static void walk(Object o, Set<String> out) {
        if (o instanceof Map<?, ?> m) {
            if (m.get("artifact") instanceof String && m.get("text") instanceof String t && !t.isBlank()) {
                String s = t.strip();
                // The longest stretch free of characters any target escapes, so that the quote is found in every form.
                String best = "";
                for (String part : s.split("[\\\\`*_<>&\"'\\[\\]|~]")) {
                    if (part.strip().length() > best.length()) best = part.strip();
                }
                if (best.length() >= 6) out.add(best);
            }
            m.values().forEach(v -> walk(v, out));
        } else if (o instanceof List<?> l) {
            l.forEach(v -> walk(v, out));
        }
    }

    /** Every corpus file, every example folder and every case of the blind corpus, by name. */
    static Map<String, Evidence> inputs() throws IOException {
        Map<String, Evidence> out = new LinkedHashMap<>();
        if (Corpus.present()) {
            for (Path root : List.of(Corpus.root(), Corpus.root().resolveSibling("corpus-more"))) {
                if (!Files.isDirectory(root)) continue;
                try (Stream<Path> s = Files.walk(root)) {
                    for (Path f : s.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".jsonl")
                            && !p.toString().endsWith(".md")).sorted().toList()) {
                        out.put(root.getFileName() + "/" + root.relativize(f), NcclScope.evidence(f));
                    }
                }
            }
        }
        Path examples = Path.of("../examples");
        try (Stream<Path> s = Files.walk(examples, 3)) {
            for (Path d : s.filter(Files::isDirectory).filter(d -> !d.equals(examples))
                    .filter(d -> !d.toString().contains("target") && !d.toString().contains("sdk-usage")
                            && !d.toString().contains("/src") && !d.toString().contains("chatbot"))
                    .sorted().toList()) {
                out.put("examples/" + examples.relativize(d), NcclScope.evidence(d));
            }
        }
        try (Stream<Path> s = Files.list(BlindCorpusTest.ROOT)) {
            for (Path d : s.sorted().toList()) out.put("blind/" + d.getFileName(), NcclScope.evidence(d));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return out;
    }

    @Test
    void theScanFindsTheLeaksItIsFor() {
        List<String> leaks = new ArrayList<>();
        scan("t", "No problem found in 1 input(s) from 0 node(s).", Set.of(), true, leaks);
        scan("t", "slow, cause not placed yet: A CUDA call failed (-), with 2 items", Set.of(), true, leaks);
        scan("t", "With NCCL_IB_DISABLE=1 (NCCL_IB_DISABLE=1)", Set.of(), true, leaks);
        scan("t", "intra-node unknown 35.0 GB/s", Set.of(), true, leaks);
        scan("t", "and unknown is the same within the noise", Set.of(), true, leaks);
        scan("t", "3 more finding(s) in the full report (--format json or text).", Set.of(), true, leaks);
        scan("t", "GPU: null", Set.of(), true, leaks);
        scan("t", "the the node", Set.of(), true, leaks);
        assertThat(leaks).hasSize(8);
        List<String> none = new ArrayList<>();
        scan("t", "No problem found in 10 input(s) from 10 node(s).", Set.of(), true, none);
        scan("t", "nvidia-smi --query-gpu=name --format=csv", Set.of(), true, none);
        scan("t", "  x.log:3  pid='<unknown>' null", Set.of("pid='<unknown>' null"), true, none);
        scan("t", "ncclscope analyze --format json job.log", Set.of(), false, none);
        assertThat(none).isEmpty();
    }
}

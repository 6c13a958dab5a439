package io.ncclscope.sdk;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.sdk.bandwidth.BandwidthAnalyzer;
import io.ncclscope.sdk.compare.CompareAnalyzer;
import io.ncclscope.sdk.compare.Comparison;
import io.ncclscope.sdk.compare.PlannedRun;
import io.ncclscope.sdk.compare.Scaling;
import io.ncclscope.sdk.compare.SideExpectation;
import io.ncclscope.sdk.delta.CounterDeltaAnalyzer;
import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzer;
import io.ncclscope.sdk.diagnose.links.LinkHealthAnalyzer;
import io.ncclscope.sdk.diagnose.tools.ToolsAnalyzer;
import io.ncclscope.sdk.diagnose.topology.TopologyAnalyzer;
import io.ncclscope.sdk.diagnose.transport.TransportAnalyzer;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.NodeStream;
import io.ncclscope.sdk.evidence.ReadProgress;
import io.ncclscope.sdk.localize.Localization;
import io.ncclscope.sdk.localize.Localizer;
import io.ncclscope.sdk.localize.PairReport;
import io.ncclscope.sdk.report.CompareReport;
import io.ncclscope.sdk.report.FinalReport;
import io.ncclscope.sdk.report.Renderers;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.report.ReportPass;
import io.ncclscope.sdk.workflow.Workflow;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The entry point of the SDK: the common jobs in a few calls. Tool outputs go in as files, folders, readers or
 * strings; out come typed parse results, a {@link Diagnosis}, a {@link Report} in English or Simplified Chinese
 * rendered as Markdown, JSON or text, the deliverable {@link FinalReport} (also as HTML), the five-step
 * {@link Workflow} with the next commands, an A/B {@link Comparison}, a {@link Scaling} series and a pairwise
 * {@link Localization}. Everything here is reachable through the packages it delegates to; nothing needs more than
 * this class, {@link Options} and {@link Format} to start.
 *
 * <p>A folder of one node's outputs to a Markdown verdict (the README's quick start; {@code examples/sdk-usage}
 * runs it):
 *
 * <pre>{@code
 * Path folder = Path.of("examples/captured/h200-1gpu");
 * Evidence evidence = NcclScope.evidence(folder);
 * Report report = NcclScope.analyze(evidence);
 * String markdown = NcclScope.render(report, Format.MARKDOWN);
 * System.out.print(markdown);
 * }</pre>
 *
 * <p>Parsing never throws on odd input: odd lines become warnings and text of no known kind gives
 * {@link Kind#UNKNOWN} with an error warning. Methods that read files or readers throw {@link IOException} only
 * when reading fails; every method throws {@link NullPointerException} for a null argument unless its
 * documentation allows null. Stateless and thread-safe: every method may be called from any thread at once.
 */
public final class NcclScope {

    private static final List<Analyzer> DEFAULTS = List.of(
            new ErrorsAnalyzer(), new TransportAnalyzer(), new TopologyAnalyzer(), new LinkHealthAnalyzer(),
            new BandwidthAnalyzer(), new CompareAnalyzer(), new Localizer(), new CounterDeltaAnalyzer(), new ToolsAnalyzer());

    private NcclScope() {
    }

    /**
     * The analyzers {@link #diagnose(Evidence)} runs, in order: errors, transport, topology, link health,
     * bandwidth, A/B comparison, pairwise localization.
     *
     * @return an unmodifiable list of stateless analyzers
     */
    public static List<Analyzer> analyzers() {
        return DEFAULTS;
    }

    /**
     * Detects the kind of one tool output and parses it with the default limits.
     *
     * @param text the whole output, as pasted
     * @return the kind, the typed data and the warnings
     * @see Parsers#parse(String)
     */
    public static ParseResult<?> parse(String text) {
        return Parsers.parse(Objects.requireNonNull(text, "text"));
    }

    /**
     * Parses one tool output read from {@code in} under the limits of {@code options}; logs stream in bounded
     * memory. The reader is not closed.
     *
     * @param in      the output
     * @param kind    its kind, or null to detect it from the first {@link Parsers#HEAD_CHARS} characters
     * @param options the limits ({@link Options#limits()})
     * @return the kind, the typed data and the warnings
     * @throws IOException only when reading fails
     */
    public static ParseResult<?> parse(Reader in, Kind kind, Options options) throws IOException {
        return Parsers.parse(Objects.requireNonNull(in, "in"), kind, options.limits());
    }

    /**
     * Reads files and folders into evidence with the default options (see {@link Evidence.Builder#addPath(Path)}:
     * a folder holding {@code manifest.json}, {@code meta.txt} or {@code hostname} is one node, otherwise each
     * sub-folder is one node).
     *
     * @param paths files or folders
     * @return the evidence; files that could not be read are listed in {@link Evidence#problems()}
     * @throws IOException when a folder cannot be listed
     */
    public static Evidence evidence(Path... paths) throws IOException {
        return evidence(Options.DEFAULTS, paths);
    }

    /**
     * Reads files and folders into evidence under {@code options}.
     *
     * @param options limits, kept text and the most files read
     * @param paths   files or folders
     * @return the evidence; files that could not be read are listed in {@link Evidence#problems()}
     * @throws IOException when a folder cannot be listed
     */
    public static Evidence evidence(Options options, Path... paths) throws IOException {
        Evidence.Builder b = evidenceBuilder(options);
        for (Path p : paths) b.addPath(Objects.requireNonNull(p, "path"));
        return b.build();
    }

    /**
     * Evidence of one pasted output (a chat message, an HTTP body); its node comes from its content.
     *
     * @param name what to call it in findings, for example {@code job.log}
     * @param text the output
     * @return the evidence
     */
    public static Evidence evidence(String name, String text) {
        return evidenceBuilder(Options.DEFAULTS).addText(Objects.requireNonNull(name, "name"),
                Objects.requireNonNull(text, "text")).build();
    }

    /**
     * Evidence of several pasted outputs, in the map's iteration order (use a {@code LinkedHashMap} to keep yours).
     *
     * @param texts output text by name
     * @return the evidence
     */
    public static Evidence evidence(Map<String, String> texts) {
        Evidence.Builder b = evidenceBuilder(Options.DEFAULTS);
        texts.forEach((name, text) -> b.addText(Objects.requireNonNull(name, "name"), Objects.requireNonNull(text, "text")));
        return b.build();
    }

    /**
     * Evidence of one output read from {@code in}, streamed: its lines are not kept, so findings quote only the
     * lines the parser kept. The reader is not closed.
     *
     * @param name    what to call it in findings
     * @param in      the output
     * @param options the limits
     * @return the evidence
     * @throws IOException only when reading fails
     */
    public static Evidence evidence(String name, Reader in, Options options) throws IOException {
        return evidenceBuilder(options).addReader(Objects.requireNonNull(name, "name"),
                Objects.requireNonNull(in, "in"), null, null).build();
    }

    /**
     * A builder set up from {@code options}, to mix files, folders, readers and strings, or to give node names.
     *
     * @param options limits, kept text and the most files read
     * @return a new builder; not thread-safe, built once
     */
    public static Evidence.Builder evidenceBuilder(Options options) {
        return Evidence.builder().limits(options.limits()).keepTextUpTo(options.keepTextUpTo())
                .maxFiles(options.maxFiles());
    }

    /**
     * Runs every analyzer of {@link #analyzers()} over {@code evidence}.
     *
     * @param evidence what was read
     * @return the findings, in the language-neutral form (codes, subjects, message keys, evidence lines)
     */
    public static Diagnosis diagnose(Evidence evidence) {
        return Diagnosis.run(Objects.requireNonNull(evidence, "evidence"), DEFAULTS);
    }

    /**
     * Diagnoses {@code evidence} and builds the report in English.
     *
     * @param evidence what was read
     * @return the report: verdict (healthy, problems or inconclusive), its coverage, findings worst first, the three
     *         bandwidth segments, what was read
     */
    public static Report analyze(Evidence evidence) {
        return analyze(evidence, Options.DEFAULTS);
    }

    /**
     * The five-step workflow of {@code evidence} alone: where a fresh investigation stands and what to run next.
     *
     * @param evidence what was read
     * @return the workflow, immutable
     */
    public static Workflow workflow(Evidence evidence) {
        return workflow(Workflow.empty(), evidence);
    }

    /**
     * {@code state} (a workflow handed back, e.g. read with {@code WorkflowJson.read}) with {@code evidence} added.
     *
     * @param state    the workflow so far
     * @param evidence the new evidence
     * @return a new workflow; {@code state} is unchanged
     */
    public static Workflow workflow(Workflow state, Evidence evidence) {
        return state.with(evidence, diagnose(evidence));
    }

    /**
     * Diagnoses {@code evidence} and builds the report in {@code locale}.
     *
     * @param evidence what was read
     * @param locale   Simplified Chinese for any Chinese locale, English for every other one
     * @return the report
     */
    public static Report analyze(Evidence evidence, Locale locale) {
        return Report.of(evidence, diagnose(evidence), Objects.requireNonNull(locale, "locale"));
    }

    /**
     * Diagnoses {@code evidence} and builds the deliverable report (the seed's step 5): the symptom with its figures,
     * the evidence chain, fix actions split into hardware, fabric, configuration and application, and what remains
     * unproven with the commands that would prove it. Render it with {@code Renderers.html}, {@code markdown},
     * {@code json} or {@code text}.
     *
     * @param evidence what was read
     * @param locale   Simplified Chinese for any Chinese locale, English for every other one
     * @return the report
     */
    public static FinalReport report(Evidence evidence, Locale locale) {
        return report(Workflow.empty(), evidence, locale);
    }

    /**
     * The deliverable report with a workflow state handed back: what remains unproven counts the evidence given
     * earlier (a chat bot's or a ticket's previous steps) as well as {@code evidence}.
     *
     * @param state    the workflow so far ({@link Workflow#empty()} for none)
     * @param evidence what was read now
     * @param locale   Simplified Chinese for any Chinese locale, English for every other one
     * @return the report
     */
    public static FinalReport report(Workflow state, Evidence evidence, Locale locale) {
        return FinalReport.of(evidence, diagnose(evidence), state, Objects.requireNonNull(locale, "locale"));
    }

    /**
     * Diagnoses {@code evidence} under {@code options} (pairwise results judged by
     * {@link Options#pairExpectedGBs()} and {@link Options#pairSlowFraction()}) and builds the report in
     * {@link Options#locale()}.
     *
     * @param evidence what was read
     * @param options  the language and the pairwise thresholds
     * @return the report
     */
    public static Report analyze(Evidence evidence, Options options) {
        Objects.requireNonNull(evidence, "evidence");
        return Report.of(evidence, Diagnosis.run(evidence, analyzers(options)), options.locale());
    }

    /** The default analyzers, the pairwise one judging by {@code options}' thresholds. */
    private static List<Analyzer> analyzers(Options options) {
        Localizer custom = localizer(options);
        return DEFAULTS.stream().map(a -> a instanceof Localizer ? custom : a).toList();
    }

    /**
     * Reads and analyzes files and folders one node at a time, holding one node's parsed facts at once rather than
     * the whole bundle's: a bundle of a thousand nodes is analyzed in about the memory of a few. The report is the one
     * {@link #analyze(Evidence, Options)} gives for {@link #evidence(Options, Path...)} of the same paths. Node folders
     * whose files all belong to their node are analyzed as they are read; loose files, files of several hosts and
     * nodes named by two folders are held and analyzed at the end; a node whose files turn up in a folder after its
     * own was analyzed makes the read start again, whole.
     *
     * @param options the language, limits, kept text, most files and pairwise thresholds
     * @param paths   files or folders
     * @return the report; files that could not be read are in {@link Report#problems()}
     * @throws IOException when a folder cannot be listed
     */
    public static Report analyze(Options options, Path... paths) throws IOException {
        return analyze(options, null, paths);
    }

    /**
     * As {@link #analyze(Options, Path...)}, telling {@code progress} of the bytes read from files and of each node
     * handed on to the analysis (for a progress display; the report is the same).
     *
     * @param options  the language, limits, kept text, most files and pairwise thresholds
     * @param progress told of bytes and nodes as they are read, from reading threads; null for none
     * @param paths    files or folders
     * @return the report; files that could not be read are in {@link Report#problems()}
     * @throws IOException when a folder cannot be listed
     */
    public static Report analyze(Options options, ReadProgress progress, Path... paths) throws IOException {
        Objects.requireNonNull(options, "options");
        List<Path> list = List.of(paths);
        ReportPass pass = new ReportPass(analyzers(options));
        NodeStream stream = new NodeStream(evidenceBuilder(options).progress(progress));
        try {
            // Each node is read into the analyzers' per-node summaries on the thread that parsed it; only their folds
            // into the cross-node state run in order, on one thread.
            stream.read(list, pass::read, progress == null ? pass::add : r -> {
                progress.nodeRead();
                pass.add(r);
            });
        } catch (NodeStream.UnstreamableException e) {
            Evidence.Builder b = evidenceBuilder(options).progress(progress);
            for (Path p : paths) b.addPath(Objects.requireNonNull(p, "path"));
            return analyze(b.build(), options);
        }
        return pass.finish(stream.problems(), options.locale());
    }

    /**
     * Writes a report as Markdown, JSON, text, a Slack Block Kit message or a Feishu/Lark card, in the report's
     * language.
     *
     * @param report a report from {@link #analyze}
     * @param format the form; not {@link Format#HTML}
     * @return the rendered report, ending with a newline
     * @throws IllegalArgumentException for {@link Format#HTML}, which only the deliverable report has
     */
    public static String render(Report report, Format format) {
        return render(report, format, Surface.CLI);
    }

    /**
     * Writes a report as {@link #render(Report, Format)} does, pointing at the report's other forms the way
     * {@code surface} names them ({@code --format json} on the command line, {@code ?render=json} over REST).
     *
     * @param report  a report from {@link #analyze}
     * @param format  the form; not {@link Format#HTML}
     * @param surface where the rendering is read
     * @return the rendered report, ending with a newline
     * @throws IllegalArgumentException for {@link Format#HTML}, which only the deliverable report has
     */
    public static String render(Report report, Format format, Surface surface) {
        Objects.requireNonNull(report, "report");
        Objects.requireNonNull(surface, "surface");
        return switch (Objects.requireNonNull(format, "format")) {
            case MARKDOWN -> Renderers.markdown(report, surface);
            case JSON -> Renderers.json(report);
            case TEXT -> Renderers.text(report, surface);
            case SLACK -> Renderers.slack(report);
            case FEISHU -> Renderers.feishu(report);
            case HTML -> throw new IllegalArgumentException("HTML is written for the deliverable report: NcclScope.report");
        };
    }

    /**
     * Writes the deliverable report as Markdown, JSON, text or a standalone HTML page, in its language.
     *
     * @param report a report from {@link #report}
     * @param format the form; not a chat payload ({@link Format#SLACK}, {@link Format#FEISHU})
     * @return the rendered report
     * @throws IllegalArgumentException for a chat payload, which the report of {@link #analyze} has
     */
    public static String render(FinalReport report, Format format) {
        return render(report, format, Surface.CLI);
    }

    /**
     * Writes the deliverable report as {@link #render(FinalReport, Format)} does, pointing at its other forms the way
     * {@code surface} names them.
     *
     * @param report  a report from {@link #report}
     * @param format  the form; not a chat payload ({@link Format#SLACK}, {@link Format#FEISHU})
     * @param surface where the rendering is read
     * @return the rendered report
     * @throws IllegalArgumentException for a chat payload, which the report of {@link #analyze} has
     */
    public static String render(FinalReport report, Format format, Surface surface) {
        Objects.requireNonNull(report, "report");
        Objects.requireNonNull(surface, "surface");
        return switch (Objects.requireNonNull(format, "format")) {
            case MARKDOWN -> Renderers.markdown(report, surface);
            case JSON -> Renderers.json(report);
            case TEXT -> Renderers.text(report);
            case HTML -> Renderers.html(report, surface);
            case SLACK, FEISHU -> throw new IllegalArgumentException(format + " is written for the report of NcclScope.analyze");
        };
    }

    /**
     * Compares two runs of the same job by the switch method (default vs {@code NCCL_IB_DISABLE=1}, P2P or SHM
     * switches): which settings differ, how bus bandwidth moved, and what that says about the network.
     *
     * @param labelA   name of run A, for example {@code default}
     * @param a        run A's nccl-tests tables and logs
     * @param labelB   name of run B, for example {@code ib-disable}
     * @param b        run B's
     * @return the comparison, with its reading and findings
     */
    public static Comparison compare(String labelA, Evidence a, String labelB, Evidence b) {
        return Comparison.of(Objects.requireNonNull(labelA, "labelA"), Objects.requireNonNull(a, "a"),
                Objects.requireNonNull(labelB, "labelB"), Objects.requireNonNull(b, "b"));
    }

    /**
     * Writes an A/B comparison as JSON, Markdown, plain text or one self-contained HTML page (both runs on one plot),
     * with the runs to make next and each side's segment and expectation beside its measured figures: what
     * {@code ncclscope compare} prints and {@code POST /v1/compare} answers.
     *
     * @param comparison   a comparison from {@link #compare}
     * @param plan         the runs to make next ({@link io.ncclscope.sdk.compare.AbPlanner#plan}); empty for none
     * @param expectations the segment and expectation of side A then side B ({@link SideExpectation#of}); empty when
     *                     not judged
     * @param format       JSON, Markdown, text or HTML
     * @param locale       Simplified Chinese for any Chinese locale, English for every other one
     * @return the rendered comparison
     * @throws IllegalArgumentException for the chat payloads
     */
    public static String render(Comparison comparison, List<PlannedRun> plan, List<SideExpectation> expectations, Format format,
                                Locale locale) {
        return CompareReport.comparison(Objects.requireNonNull(comparison, "comparison"), List.copyOf(plan),
                List.copyOf(expectations), Objects.requireNonNull(locale, "locale"), Objects.requireNonNull(format, "format"));
    }

    /**
     * Follows bus bandwidth over runs of growing node counts (2, 3, ... N nodes) and finds the knee where adding
     * nodes stops paying.
     *
     * @param runs one evidence set per run (any order: the node count comes from the tables)
     * @return the series, the knee (null when none) and the findings
     */
    public static Scaling scaling(List<Evidence> runs) {
        return Scaling.of(List.copyOf(runs));
    }

    /**
     * Writes a scaling series as JSON, Markdown, plain text or one self-contained HTML page: each node count's plateau
     * beside the model's, the knee, the findings.
     *
     * @param scaling a series from {@link #scaling(List)}
     * @param format  JSON, Markdown, text or HTML
     * @param locale  Simplified Chinese for any Chinese locale, English for every other one
     * @return the rendered series
     * @throws IllegalArgumentException for the chat payloads
     */
    public static String render(Scaling scaling, Format format, Locale locale) {
        return CompareReport.scaling(Objects.requireNonNull(scaling, "scaling"), Objects.requireNonNull(locale, "locale"),
                Objects.requireNonNull(format, "format"));
    }

    /**
     * Judges the two-node nccl-tests results in {@code evidence} (a pairwise campaign) against their median, and
     * names the slow pairs and the slow nodes.
     *
     * @param evidence the results of the pairwise tests
     * @return the localization; nothing is judged slow when fewer than three pairs were found (the median of
     *         fewer says nothing): give {@link Options#pairExpectedGBs()} then
     */
    public static Localization localize(Evidence evidence) {
        return localize(evidence, Options.DEFAULTS);
    }

    /**
     * Judges the two-node nccl-tests results in {@code evidence} by {@link Options#pairExpectedGBs()} and
     * {@link Options#pairSlowFraction()}.
     *
     * @param evidence the results of the pairwise tests
     * @param options  the thresholds
     * @return the localization
     */
    public static Localization localize(Evidence evidence, Options options) {
        return localizer(options).localize(Localizer.read(Objects.requireNonNull(evidence, "evidence")));
    }

    /**
     * Writes a localization as Markdown, JSON or text.
     *
     * @param localization a localization from {@link #localize}
     * @param format       the form: Markdown, JSON or text
     * @param locale       Simplified Chinese for any Chinese locale, English for every other one
     * @return the rendered localization
     * @throws IllegalArgumentException for {@link Format#HTML} and the chat payloads
     */
    public static String render(Localization localization, Format format, Locale locale) {
        Objects.requireNonNull(localization, "localization");
        Objects.requireNonNull(locale, "locale");
        return switch (Objects.requireNonNull(format, "format")) {
            case MARKDOWN -> PairReport.markdown(localization, locale);
            case JSON -> PairReport.json(localization, locale);
            case TEXT -> PairReport.text(localization, locale);
            case HTML -> throw new IllegalArgumentException("HTML is written for the deliverable report: NcclScope.report");
            case SLACK, FEISHU -> throw new IllegalArgumentException(format + " is written for the report of NcclScope.analyze");
        };
    }

    /**
     * The expected busbw of each collective on the hardware of a node's tool outputs, for one node and for
     * {@code nodes} nodes, with the derivation of every figure ({@code ncclscope expect}).
     *
     * @param evidence one node's outputs (nvidia-smi, topo, ibstat, ethtool; nccl-tests device lines name the GPU)
     * @param nodes    node count of the multi-node figures, 1 to 100000 (1 gives the one-node figures alone)
     * @return the expectation
     * @throws IllegalArgumentException for a node count out of range
     */
    public static io.ncclscope.sdk.bandwidth.Expectations.Result expect(Evidence evidence, int nodes) {
        return io.ncclscope.sdk.bandwidth.Expectations.of(io.ncclscope.sdk.bandwidth.NodeProfile.of(evidence), nodes);
    }

    /**
     * The expected busbw of each collective on a named system ({@code h100-sxm-8x400g}, see
     * {@link io.ncclscope.sdk.bandwidth.NamedSystems}) or a spec such as {@code 8xH100-SXM,8x400g}.
     *
     * @param system a named system or spec
     * @param nodes  node count of the multi-node figures, 1 to 100000
     * @return the expectation
     * @throws IllegalArgumentException for an unknown system, a spec that does not parse, or a node count out of range
     */
    public static io.ncclscope.sdk.bandwidth.Expectations.Result expect(String system, int nodes) {
        return io.ncclscope.sdk.bandwidth.Expectations.of(io.ncclscope.sdk.bandwidth.NodeProfile.parse(system), nodes);
    }

    /**
     * Writes an expectation as text, Markdown or JSON.
     *
     * @param expectation an expectation from {@link #expect(Evidence, int)}
     * @param format      text, Markdown or JSON
     * @param locale      Simplified Chinese for any Chinese locale, English for every other one
     * @return the rendered expectation
     * @throws IllegalArgumentException for HTML and the chat payloads
     */
    public static String render(io.ncclscope.sdk.bandwidth.Expectations.Result expectation, Format format, Locale locale) {
        Objects.requireNonNull(expectation, "expectation");
        Objects.requireNonNull(locale, "locale");
        return switch (Objects.requireNonNull(format, "format")) {
            case MARKDOWN -> io.ncclscope.sdk.bandwidth.ExpectReport.markdown(expectation, locale);
            case JSON -> io.ncclscope.sdk.bandwidth.ExpectReport.json(expectation, locale);
            case TEXT -> io.ncclscope.sdk.bandwidth.ExpectReport.text(expectation, locale);
            case HTML, SLACK, FEISHU -> throw new IllegalArgumentException(format + " is not written for an expectation: text, md or json");
        };
    }

    private static Localizer localizer(Options options) {
        return new Localizer(options.pairExpectedGBs(), options.pairSlowFraction());
    }

}

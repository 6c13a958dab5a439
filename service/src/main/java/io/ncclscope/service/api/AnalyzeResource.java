package io.ncclscope.service.api;

import io.ncclscope.collect.BundleArchive;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.service.config.ServiceConfig;
import io.ncclscope.service.dto.AnalyzeRequest;
import io.ncclscope.service.dto.ArtifactDto;
import io.ncclscope.service.dto.Languages;
import io.ncclscope.service.dto.ReportDto;
import io.ncclscope.service.problem.Problem;
import io.ncclscope.service.problem.ProblemException;
import io.ncclscope.service.render.Format;
import io.smallrye.common.annotation.Blocking;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.multipart.FileUpload;

/**
 * {@code POST /v1/analyze}: the main job over HTTP. One pasted text, named artifacts as JSON, or uploaded files and
 * bundle archives in; the verdict, findings with their evidence lines and next commands out.
 *
 * <p>The methods return a {@code CompletionStage}, so they run on the event loop (the body is read there without a
 * blocking stream) and hand the analysis to {@link AnalysisPool#submit}: no worker thread waits on each request.
 */
@Path("/v1/analyze")
@Tag(name = "analyze")
public class AnalyzeResource {

    static final Set<Format> OFFERED = EnumSet.of(Format.JSON, Format.MARKDOWN, Format.TEXT, Format.HTML, Format.SLACK, Format.FEISHU);

    static final String PASTE_EXAMPLE = "gpu01:2231:2231 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.11<0>\n"
            + "gpu01:2231:2231 [0] NCCL INFO NET/IB : No device found.\n"
            + "gpu01:2231:2231 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.11<0>\n"
            + "gpu01:2231:2231 [0] NCCL INFO Using network Socket\n";

    static final String ANSWER = " The answer is JSON by default; Accept: text/markdown gives a chat-sized message, "
            + "text/plain every finding in full, text/html the deliverable report page (symptom, evidence chain, fixes by "
            + "area); ?render=slack or ?render=feishu gives a Slack Block Kit message or a Feishu/Lark card to post as it "
            + "is. The verdict (healthy, problems, or inconclusive: no problem found but not enough evidence to judge, "
            + "the report's coverage says why; 200 either way) is also in the X-Ncclscope-Verdict header. 422 when no input is a "
            + "known tool output, with the parser's warnings. POST /v1/analyze takes the same body too.";
    static final String TEXT_DESCRIPTION = "The main job for one output as a chat user pastes it (an NCCL log, an "
            + "nccl-tests table, topo -m...): the verdict, findings with the lines that prove them, and the commands to "
            + "run next. ?name= names the text in evidence lines; ?node= names the node it came from." + ANSWER;
    static final String ARTIFACTS_DESCRIPTION = "The main job for named outputs of one job, {artifacts: [{name, node?, "
            + "text}], lang?}: the verdict, findings with the lines that prove them, and the commands to run next." + ANSWER;
    static final String FILES_DESCRIPTION = "The main job for files: file parts named file, one or many, "
            + "outputs as files and bundle archives (.tar, .tar.gz, .tgz, .zip) holding one folder per node (a folder "
            + "with meta.txt, hostname or manifest.json is one node; a .gz file is inflated)." + ANSWER;
    static final String NODE_DESCRIPTION = "The node the text comes from; it names the node in the report. Default: "
            + "the host the text names, if one";
    static final String RENDER_DESCRIPTION = "slack, feishu, json, md, text or html; overrides Accept";

    /** The problem of a text body that is absent. */
    static final String EMPTY_BODY = "the body is empty: paste a tool output";
    /** Longest {@code ?name=} of a text body. */
    static final int MAX_NAME = 512;
    /** Longest {@code ?node=} of a text body. */
    static final int MAX_NODE = 255;
    /** The problem of a {@code ?name=} out of size: Bean Validation's own words, kept when the check is made by hand. */
    static final String NAME_SIZE = "size must be between 1 and " + MAX_NAME;
    /** The problem of a {@code ?node=} out of size, as {@link #NAME_SIZE}. */
    static final String NODE_SIZE = "size must be between 1 and " + MAX_NODE;
    private static final java.util.regex.Pattern LANGUAGE = java.util.regex.Pattern.compile(Languages.PATTERN);

    private final AnalysisPool pool;
    private final Reports reports;
    private final ServiceConfig config;

    @Context
    HttpHeaders headers;

    AnalyzeResource(AnalysisPool pool, Reports reports, ServiceConfig config) {
        this.pool = pool;
        this.reports = reports;
        this.config = config;
    }

    @POST
    @Consumes(MediaType.TEXT_PLAIN)
    @Produces({MediaType.APPLICATION_JSON, "text/markdown", MediaType.TEXT_PLAIN, MediaType.TEXT_HTML, Problem.MEDIA_TYPE})
    @Operation(hidden = true) // in the contract as analyzeText, at /v1/analyze/text
    public CompletionStage<Response> analyzeText(
            String text,
            @QueryParam("name") @Parameter(description = "What to call the text in evidence lines (default paste)") String name,
            @QueryParam("node") @Parameter(description = "The node it comes from; default: from the content") String node,
            @QueryParam("lang") @Parameter(description = "en (default) or zh-CN") String lang,
            @QueryParam("render") @Parameter(description = "slack, feishu, json, md, text or html; overrides Accept") String render) {
        // The constraints of analyzePastedText, checked here by hand: a chat paste is the hot request, and Bean
        // Validation's method interceptor cost 7 to 11% of its event-loop CPU. Same 400 problem, same words.
        checkTextParameters(text, name, node, lang);
        Format format = Format.choose(render, headers, OFFERED);
        if (text.isBlank()) throw ProblemException.badRequest("the body is empty: paste a tool output");
        String n = name == null ? "paste" : name;
        return pool.submit("analyze", () -> reports.analyze(Evidence.builder().addTextOfNode(n, text, node).build(),
                Locales.of(lang), format));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @DecodedBody
    @Produces({MediaType.APPLICATION_JSON, "text/markdown", MediaType.TEXT_PLAIN, MediaType.TEXT_HTML, Problem.MEDIA_TYPE})
    @Operation(hidden = true) // in the contract as analyzeArtifacts, at /v1/analyze/artifacts
    public CompletionStage<Response> analyzeArtifacts(
            @Valid @NotNull(message = "the body is empty") AnalyzeRequest request,
            @QueryParam("render") @Parameter(description = "slack, feishu, json, md, text or html; overrides Accept") String render) {
        Format format = Format.choose(render, headers, OFFERED);
        return pool.submit("analyze", () -> {
            Evidence.Builder b = Evidence.builder();
            for (ArtifactDto a : request.artifacts()) b.addTextOfNode(a.name(), a.text(), a.node());
            return reports.analyze(b.build(), Locales.of(request.lang()), format);
        });
    }

    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Produces({MediaType.APPLICATION_JSON, "text/markdown", MediaType.TEXT_PLAIN, MediaType.TEXT_HTML, Problem.MEDIA_TYPE})
    @Operation(hidden = true) // in the contract as analyzeFiles, at /v1/analyze/files
    @Blocking // the form's files are laid out on disk before the method: a worker, freed as soon as the task is handed over
    public CompletionStage<Response> analyzeUpload(
            @RestForm(FileUpload.ALL) List<FileUpload> files,
            @QueryParam("lang") @Pattern(regexp = Languages.PATTERN, message = Languages.MESSAGE) @Parameter(description = "en (default) or zh-CN") String lang,
            @QueryParam("render") @Parameter(description = "slack, feishu, json, md, text or html; overrides Accept") String render) {
        Format format = Format.choose(render, headers, OFFERED);
        if (files == null || files.isEmpty()) {
            throw ProblemException.badRequest("no file in the upload: send each output or archive as a file part "
                    + "(curl -F file=@job.log)");
        }
        return pool.submit("analyze", () -> {
            java.nio.file.Path dir = Files.createTempDirectory("ncclscope-upload-");
            try {
                BundleArchive u = new BundleArchive(dir, config.maxArchiveEntries(), config.maxUnpackedSize().asLongValue(),
                        config.maxArchiveDepth());
                List<java.nio.file.Path> laid = new ArrayList<>();
                for (FileUpload f : files) {
                    String name = f.fileName() == null || f.fileName().isBlank() ? f.name() : f.fileName();
                    java.nio.file.Path laidOut = u.add(name, f.uploadedFile());
                    BodyDecoding.partToUtf8(laidOut, f.getHeaders() == null ? null : f.getHeaders().getFirst("Content-Type"));
                    laid.add(laidOut);
                }
                // Bundles alone are read one node at a time (a thousand nodes never sit in memory whole); the HTML
                // deliverable report and uploads with plain files are read whole.
                if (format != Format.HTML && laid.stream().allMatch(Files::isDirectory)) {
                    java.nio.file.Path[] roots = new java.nio.file.Path[laid.size()];
                    for (int i = 0; i < roots.length; i++) roots[i] = BundleArchive.bundleRoot(laid.get(i));
                    return reports.analyze(roots, Locales.of(lang), format);
                }
                Evidence.Builder b = Evidence.builder();
                for (java.nio.file.Path p : laid) {
                    if (Files.isDirectory(p)) {
                        b.addPath(BundleArchive.bundleRoot(p));
                    } else {
                        // Plain files (a .gz inflated) are streamed, never read whole, and keep their own name in
                        // evidence lines, not the temporary path.
                        b.addFile(p.getFileName().toString(), p);
                    }
                }
                return reports.analyze(b.build(), Locales.of(lang), format, laid.stream().anyMatch(Files::isDirectory));
            } catch (BundleArchive.RejectedException e) {
                if (!e.tooLarge()) throw ProblemException.badRequest(e.getMessage());
                throw new ProblemException(413, "too-large", e.getMessage()
                        + " (ncclscope.service.max-archive-entries, ncclscope.service.max-unpacked-size)");
            } finally {
                pool.cleanUp(dir);
            }
        });
    }

    // One operation per body type, so that a client generated from the contract can send each: OpenAPI has one
    // operation per path and method, and a generator given three body types under one sends only the first.

    @POST
    @Path("text")
    @Consumes(MediaType.TEXT_PLAIN)
    @Produces({MediaType.APPLICATION_JSON, "text/markdown", MediaType.TEXT_PLAIN, MediaType.TEXT_HTML, Problem.MEDIA_TYPE})
    @Operation(operationId = "analyzeText", summary = "Analyze one pasted tool output", description = TEXT_DESCRIPTION)
    @RequestBody(required = true, content = @Content(mediaType = MediaType.TEXT_PLAIN,
            examples = @ExampleObject(name = "socket-fallback", value = PASTE_EXAMPLE)))
    @APIResponse(responseCode = "200", description = "The report (JSON by default; Markdown, text, HTML, Slack or Feishu as asked)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReportDto.class)))
    @APIResponse(responseCode = "400", description = "The request is malformed",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "413", description = "The body, or an archive unpacked, is over a limit",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "422", description = "No known tool output in the input",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> analyzePastedText(
            @NotNull(message = EMPTY_BODY) String text,
            @QueryParam("name") @Size(min = 1, max = MAX_NAME, message = NAME_SIZE) @Parameter(description = "What to call the text in evidence lines (default paste)") String name,
            @QueryParam("node") @Size(min = 1, max = MAX_NODE, message = NODE_SIZE) @Parameter(description = NODE_DESCRIPTION) String node,
            @QueryParam("lang") @Pattern(regexp = Languages.PATTERN, message = Languages.MESSAGE) @Parameter(description = "en (default) or zh-CN") String lang,
            @QueryParam("render") @Parameter(description = RENDER_DESCRIPTION) String render) {
        return analyzeText(text, name, node, lang, render);
    }

    @POST
    @Path("artifacts")
    @Consumes(MediaType.APPLICATION_JSON)
    @DecodedBody
    @Produces({MediaType.APPLICATION_JSON, "text/markdown", MediaType.TEXT_PLAIN, MediaType.TEXT_HTML, Problem.MEDIA_TYPE})
    @Operation(operationId = "analyzeArtifacts", summary = "Analyze named tool outputs of one job", description = ARTIFACTS_DESCRIPTION)
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AnalyzeRequest.class),
            examples = @ExampleObject(name = "two-artifacts", value = "{\"artifacts\":[{\"name\":\"gpu01/job.log\",\"node\":\"gpu01\","
                    + "\"text\":\"gpu01:2231:2231 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.11<0>\\ngpu01:2231:2231 [0] NCCL INFO Using network Socket\\n\"}],"
                    + "\"lang\":\"en\"}")))
    @APIResponse(responseCode = "200", description = "The report (JSON by default; Markdown, text, HTML, Slack or Feishu as asked)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReportDto.class)))
    @APIResponse(responseCode = "400", description = "The request is malformed",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "413", description = "The body, or an archive unpacked, is over a limit",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "422", description = "No known tool output in the input",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> analyzeNamedArtifacts(
            @Valid @NotNull(message = "the body is empty") AnalyzeRequest request,
            @QueryParam("render") @Parameter(description = RENDER_DESCRIPTION) String render) {
        return analyzeArtifacts(request, render);
    }

    @POST
    @Path("files")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Produces({MediaType.APPLICATION_JSON, "text/markdown", MediaType.TEXT_PLAIN, MediaType.TEXT_HTML, Problem.MEDIA_TYPE})
    @Operation(operationId = "analyzeFiles", summary = "Analyze uploaded files and bundle archives", description = FILES_DESCRIPTION)
    @RequestBody(required = true, content = @Content(mediaType = MediaType.MULTIPART_FORM_DATA))
    @APIResponse(responseCode = "200", description = "The report (JSON by default; Markdown, text, HTML, Slack or Feishu as asked)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReportDto.class)))
    @APIResponse(responseCode = "400", description = "The request is malformed",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "413", description = "The body, or an archive unpacked, is over a limit",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "422", description = "No known tool output in the uploaded files (an archive in which "
            + "nothing could be judged is a 200 report whose verdict is inconclusive)",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    @Blocking // as analyzeUpload
    public CompletionStage<Response> analyzeUploadedFiles(
            @RestForm("file") @Schema(description = "Tool outputs and .tar/.tar.gz/.tgz/.zip bundles with one folder per node")
            List<FileUpload> files,
            @QueryParam("lang") @Pattern(regexp = Languages.PATTERN, message = Languages.MESSAGE)
            @Parameter(description = "en (default) or zh-CN", example = "en") String lang,
            @QueryParam("render") @Parameter(description = RENDER_DESCRIPTION) String render) {
        return analyzeUpload(files, lang, render);
    }

    /**
     * The constraints {@link #analyzePastedText}'s annotations declare, for {@link #analyzeText}: the body present,
     * {@code name} 1 to {@value #MAX_NAME} characters, {@code node} 1 to {@value #MAX_NODE}, {@code lang} one of
     * {@link Languages}. Every failed one is reported at once, as Bean Validation does, in a 400 problem.
     */
    static void checkTextParameters(String text, String name, String node, String lang) {
        List<Problem.Violation> violations = null;
        if (text == null) violations = violation(violations, "text", EMPTY_BODY);
        if (name != null && (name.isEmpty() || name.length() > MAX_NAME)) violations = violation(violations, "name", NAME_SIZE);
        if (node != null && (node.isEmpty() || node.length() > MAX_NODE)) violations = violation(violations, "node", NODE_SIZE);
        if (lang != null && !LANGUAGE.matcher(lang).matches()) violations = violation(violations, "lang", Languages.MESSAGE);
        if (violations != null) throw ProblemException.invalid(violations);
    }

    private static List<Problem.Violation> violation(List<Problem.Violation> violations, String field, String message) {
        List<Problem.Violation> vs = violations == null ? new ArrayList<>() : violations;
        vs.add(new Problem.Violation(field, message));
        return vs;
    }

    static void deleteTree(java.nio.file.Path dir) {
        try {
            BundleArchive.delete(dir);
        } catch (IOException e) {
            io.quarkus.logging.Log.warnf("could not delete %s: %s", dir, e.getMessage());
        }
    }
}

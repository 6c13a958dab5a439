package io.ncclscope.service.api;

import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.service.config.ServiceConfig;
import io.ncclscope.service.dto.AnalyzeRequest;
import io.ncclscope.service.dto.ArtifactDto;
import io.ncclscope.service.dto.Languages;
import io.ncclscope.service.dto.ReportDto;
import io.ncclscope.service.problem.Problem;
import io.ncclscope.service.problem.ProblemException;
import io.ncclscope.service.render.Format;
import io.ncclscope.collect.BundleArchive;
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
import java.util.EnumSet;
import java.util.ArrayList;
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

    // JAX-RS has one method per content type; OpenAPI has one operation for the three: the same text on each.
    static final String SUMMARY = "Analyze tool outputs: a pasted text, named artifacts, or files and bundle archives";
    static final String DESCRIPTION = "The main job: the verdict, findings with the lines that prove them, and the "
            + "commands to run next. The body is one of: text/plain, one tool output as a chat user pastes it (an NCCL "
            + "log, an nccl-tests table, topo -m...; ?name= and ?node= name it); application/json, named outputs of "
            + "one job {artifacts: [{name, node?, text}], lang?}; multipart/form-data, any number of file parts "
            + "(any field name): outputs as files and bundle archives (.tar, .tar.gz, .tgz, .zip) holding one folder "
            + "per node (a folder with meta.txt, hostname or manifest.json is one node; a .gz file is inflated). "
            + "The answer is JSON by default; Accept: text/markdown gives a chat-sized message, text/plain every "
            + "finding in full, text/html the deliverable report page (symptom, evidence chain, fixes by area); ?render=slack or ?render=feishu gives a Slack Block Kit message or a Feishu/Lark "
            + "card to post as it is. The verdict (healthy or problems) is also in the X-Ncclscope-Verdict header. "
            + "422 when no input is a known tool output, with the parser's warnings.";

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
    @Operation(operationId = "analyze", summary = SUMMARY, description = DESCRIPTION)
    @RequestBody(content = @Content(mediaType = MediaType.TEXT_PLAIN,
            examples = @ExampleObject(name = "socket-fallback", value = PASTE_EXAMPLE)))
    @APIResponse(responseCode = "200", description = "The report",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReportDto.class)))
    @APIResponse(responseCode = "422", description = "No known tool output in the text",
            content = @Content(mediaType = Problem.MEDIA_TYPE, schema = @Schema(implementation = Problem.class)))
    public CompletionStage<Response> analyzeText(
            @NotNull(message = "the body is empty: paste a tool output") String text,
            @QueryParam("name") @Size(min = 1, max = 512) @Parameter(description = "What to call the text in evidence lines (default paste)") String name,
            @QueryParam("node") @Size(min = 1, max = 255) @Parameter(description = "The node it comes from; default: from the content") String node,
            @QueryParam("lang") @Pattern(regexp = Languages.PATTERN, message = Languages.MESSAGE) @Parameter(description = "en (default) or zh-CN") String lang,
            @QueryParam("render") @Parameter(description = "slack, feishu, json, md, text or html; overrides Accept") String render) {
        Format format = Format.choose(render, headers, OFFERED);
        if (text.isBlank()) throw ProblemException.badRequest("the body is empty: paste a tool output");
        String n = name == null ? "paste" : name;
        return pool.submit("analyze", () -> reports.analyze(Evidence.builder().addText(n, text, node).build(),
                Locales.of(lang), format));
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces({MediaType.APPLICATION_JSON, "text/markdown", MediaType.TEXT_PLAIN, MediaType.TEXT_HTML, Problem.MEDIA_TYPE})
    @Operation(operationId = "analyze", summary = SUMMARY, description = DESCRIPTION)
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AnalyzeRequest.class),
            examples = @ExampleObject(name = "two-artifacts", value = "{\"artifacts\":[{\"name\":\"gpu01/job.log\",\"node\":\"gpu01\","
                    + "\"text\":\"gpu01:2231:2231 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.11<0>\\ngpu01:2231:2231 [0] NCCL INFO Using network Socket\\n\"}],"
                    + "\"lang\":\"en\"}")))
    @APIResponse(responseCode = "200", description = "The report",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReportDto.class)))
    public CompletionStage<Response> analyzeArtifacts(
            @Valid @NotNull(message = "the body is empty") AnalyzeRequest request,
            @QueryParam("render") @Parameter(description = "slack, feishu, json, md, text or html; overrides Accept") String render) {
        Format format = Format.choose(render, headers, OFFERED);
        return pool.submit("analyze", () -> {
            Evidence.Builder b = Evidence.builder();
            for (ArtifactDto a : request.artifacts()) b.addText(a.name(), a.text(), a.node());
            return reports.analyze(b.build(), Locales.of(request.lang()), format);
        });
    }

    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Produces({MediaType.APPLICATION_JSON, "text/markdown", MediaType.TEXT_PLAIN, MediaType.TEXT_HTML, Problem.MEDIA_TYPE})
    @Operation(operationId = "analyze", summary = SUMMARY, description = DESCRIPTION)
    @APIResponse(responseCode = "200", description = "The report",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReportDto.class)))
    @RequestBody(content = @Content(mediaType = MediaType.MULTIPART_FORM_DATA, schema = @Schema(implementation = UploadForm.class)))
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
                    laid.add(u.add(name, f.uploadedFile()));
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
                return reports.analyze(b.build(), Locales.of(lang), format);
            } catch (BundleArchive.RejectedException e) {
                if (!e.tooLarge()) throw ProblemException.badRequest(e.getMessage());
                throw new ProblemException(413, "too-large", e.getMessage()
                        + " (ncclscope.service.max-archive-entries, ncclscope.service.max-unpacked-size)");
            } finally {
                pool.cleanUp(dir);
            }
        });
    }

    /**
     * The multipart form, for the contract only: any number of file parts, under any field name.
     *
     * @param file a tool output or a bundle archive
     */
    @Schema(name = "UploadForm")
    record UploadForm(@Schema(format = "binary", description = "A tool output, or a .tar/.tar.gz/.tgz/.zip bundle with one folder per node") String file) {
    }

    static void deleteTree(java.nio.file.Path dir) {
        try {
            BundleArchive.delete(dir);
        } catch (IOException e) {
            io.quarkus.logging.Log.warnf("could not delete %s: %s", dir, e.getMessage());
        }
    }
}

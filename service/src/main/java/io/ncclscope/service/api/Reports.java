package io.ncclscope.service.api;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.Severity;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.Surface;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.FinalReport;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.report.Verdict;
import io.ncclscope.service.dto.WarningDto;
import io.ncclscope.service.mapping.ParseMapper;
import io.ncclscope.service.problem.ProblemException;
import io.ncclscope.service.render.Format;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Evidence to a response: the SDK's analysis, rendered in the negotiated format. No analysis of its own. */
@ApplicationScoped
public class Reports {

    /** Header that carries the verdict whatever the format, for bots that only relay the body. */
    public static final String VERDICT_HEADER = "X-Ncclscope-Verdict";

    private final ParseMapper parses;

    Reports(ParseMapper parses) {
        this.parses = parses;
    }

    /**
     * Refuses evidence with no known tool output (422), attaching what the parsers said about each input.
     */
    public void requireKnown(Evidence evidence) {
        if (evidence.artifacts().stream().anyMatch(a -> a.kind() != Kind.UNKNOWN)) return;
        List<WarningDto> ws = new ArrayList<>();
        for (Artifact a : evidence.artifacts()) {
            a.result().warnings().stream().filter(w -> w.severity() == Severity.ERROR).limit(5)
                    .map(parses::toDto)
                    .map(w -> new WarningDto(w.line(), w.severity(), a.name() + ": " + w.message(), w.excerpt()))
                    .forEach(ws::add);
        }
        evidence.problems().forEach(p -> ws.add(new WarningDto(0, "ERROR", p.name() + ": " + p.message(), null)));
        throw ProblemException.unprocessable("no known tool output in the input (" + evidence.artifacts().size()
                + " input(s) read); GET /v1/kinds lists what is read, with the command that produces each", ws);
    }

    /**
     * Analyzes {@code evidence} and renders the report as {@code format}. HTML is the deliverable report, built from
     * its own single diagnosis; every other format renders the report of {@link NcclScope#analyze}.
     */
    public Response analyze(Evidence evidence, Locale locale, Format format) {
        return analyze(evidence, locale, format, false);
    }

    /**
     * As {@link #analyze(Evidence, Locale, Format)}; with {@code bundle} (an archive was uploaded), evidence where
     * nothing is known is no bad request but a report whose verdict is inconclusive, as the CLI's exit 4 for a folder.
     */
    public Response analyze(Evidence evidence, Locale locale, Format format, boolean bundle) {
        if (!bundle) requireKnown(evidence);
        if (format == Format.HTML) {
            // The deliverable report (symptom, evidence chain, fixes by area, what is unproven) as one HTML page.
            FinalReport report = NcclScope.report(evidence, locale);
            return respond(NcclScope.render(report, format.sdk(), Surface.REST), report.verdict(), format);
        }
        return render(NcclScope.analyze(evidence, locale), format);
    }

    /**
     * Analyzes bundle folders one node at a time and renders the report as {@code format} (not HTML, which is read
     * whole). A bundle where nothing is known is a report whose verdict is inconclusive (nothing could be judged),
     * not a bad request.
     */
    public Response analyze(java.nio.file.Path[] roots, Locale locale, Format format) throws java.io.IOException {
        return render(NcclScope.analyze(io.ncclscope.sdk.Options.builder().locale(locale).build(), roots), format);
    }

    /** The report as {@code format}, written by the SDK: its JSON is the bytes {@code ncclscope analyze --format json} prints. */
    private static Response render(Report report, Format format) {
        return respond(NcclScope.render(report, format.sdk(), Surface.REST), report.verdict(), format);
    }

    private static Response respond(String body, Verdict verdict, Format format) {
        return Response.ok(body, format.mediaType()).header(VERDICT_HEADER, verdict.jsonValue()).build();
    }
}

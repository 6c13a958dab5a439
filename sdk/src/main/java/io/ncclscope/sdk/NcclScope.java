package io.ncclscope.sdk;

import io.ncclscope.sdk.bandwidth.BandwidthAnalyzer;
import io.ncclscope.sdk.compare.CompareAnalyzer;
import io.ncclscope.sdk.delta.CounterDeltaAnalyzer;
import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzer;
import io.ncclscope.sdk.diagnose.links.LinkHealthAnalyzer;
import io.ncclscope.sdk.diagnose.topology.TopologyAnalyzer;
import io.ncclscope.sdk.diagnose.transport.TransportAnalyzer;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.localize.Localizer;
import io.ncclscope.sdk.report.Report;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The entry point of the SDK: evidence in, diagnosis and report out. Thread-safe (stateless).
 *
 * <pre>{@code
 * Evidence e = Evidence.builder().addPath(Path.of("bundle/")).build();
 * Report r = NcclScope.analyze(e, Locale.ENGLISH);
 * System.out.println(Renderers.markdown(r));
 * }</pre>
 */
public final class NcclScope {

    private static final List<Analyzer> DEFAULTS = List.of(
            new ErrorsAnalyzer(), new TransportAnalyzer(), new TopologyAnalyzer(), new LinkHealthAnalyzer(),
            new BandwidthAnalyzer(), new CompareAnalyzer(), new Localizer(), new CounterDeltaAnalyzer());

    private NcclScope() {
    }

    /** The analyzers {@link #diagnose(Evidence)} runs, in order. */
    public static List<Analyzer> analyzers() {
        return DEFAULTS;
    }

    /** Reads files and folders into evidence (see {@link Evidence.Builder#addPath(Path)}). */
    public static Evidence evidence(Path... paths) throws IOException {
        Evidence.Builder b = Evidence.builder();
        for (Path p : paths) b.addPath(p);
        return b.build();
    }

    /** Runs every analyzer over {@code evidence}. */
    public static Diagnosis diagnose(Evidence evidence) {
        return Diagnosis.run(evidence, DEFAULTS);
    }

    /** Diagnoses {@code evidence} and builds the report in {@code locale} (en or zh-CN). */
    public static Report analyze(Evidence evidence, Locale locale) {
        return Report.of(evidence, diagnose(evidence), locale);
    }
}

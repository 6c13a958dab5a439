/**
 * The ncclscope SDK: evidence from tool outputs, the analyzers, the rule catalogue with its English and Simplified
 * Chinese texts, A/B comparison, scaling, pairwise localization, plots and reports.
 *
 * <p>Start at {@link io.ncclscope.sdk.NcclScope}, the facade that covers the common jobs in a few calls. The module
 * reads {@code io.ncclscope.parsers} (transitively: its records are part of this API) and, of the JDK,
 * {@code java.desktop} for the PNG plots ({@code java.awt.image}, {@code javax.imageio}); nothing else. It works the
 * same on the class path.
 */
module io.ncclscope.sdk {
    requires transitive io.ncclscope.parsers;
    // PNG plots (io.ncclscope.sdk.plot.Png) draw with java.awt and encode with javax.imageio; no java.desktop type
    // appears in the API (PNG comes back as byte[]), so the requirement is not transitive.
    requires java.desktop;

    exports io.ncclscope.sdk;
    exports io.ncclscope.sdk.bandwidth;
    exports io.ncclscope.sdk.compare;
    exports io.ncclscope.sdk.delta;
    exports io.ncclscope.sdk.diagnose;
    exports io.ncclscope.sdk.diagnose.errors;
    exports io.ncclscope.sdk.evidence;
    exports io.ncclscope.sdk.localize;
    exports io.ncclscope.sdk.plot;
    exports io.ncclscope.sdk.report;
    exports io.ncclscope.sdk.rules;
    exports io.ncclscope.sdk.workflow;
}

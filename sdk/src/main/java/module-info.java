/**
 * The ncclscope SDK: evidence from tool outputs, the analyzers, the rule catalogue with its English and Simplified
 * Chinese texts, A/B comparison, scaling, pairwise localization, plots and reports.
 *
 * <p>Start at {@link io.ncclscope.sdk.NcclScope}, the facade that covers the common jobs in a few calls. The module
 * reads {@code io.ncclscope.parsers} (transitively: its records are part of this API) and, of the JDK,
 * {@code java.base} alone: PNG plots are drawn and encoded in pure Java, so no user's runtime needs {@code java.desktop}.
 * It works the same on the class path.
 */
module io.ncclscope.sdk {
    requires transitive io.ncclscope.parsers;

    exports io.ncclscope.sdk;
    exports io.ncclscope.sdk.bandwidth;
    exports io.ncclscope.sdk.compare;
    exports io.ncclscope.sdk.delta;
    exports io.ncclscope.sdk.diagnose;
    exports io.ncclscope.sdk.evidence;
    exports io.ncclscope.sdk.localize;
    exports io.ncclscope.sdk.plot;
    exports io.ncclscope.sdk.report;
    exports io.ncclscope.sdk.rules;
    exports io.ncclscope.sdk.workflow;
}

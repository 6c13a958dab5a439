/**
 * Helpers the SDK's renderers share across its packages and that are no API: the module does not export this package.
 *
 * <p>It depends on no other package of the SDK, so that every package may use it without a cycle: the plots
 * ({@code plot}) sit below the reports ({@code report}), which is why the HTML and SVG escaper lives here and not in
 * {@link io.ncclscope.sdk.report.Markup}.
 */
package io.ncclscope.sdk.internal;

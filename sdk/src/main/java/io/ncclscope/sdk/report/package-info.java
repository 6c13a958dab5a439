/**
 * Reports in English or Simplified Chinese and their renderers: JSON, Markdown, plain text, HTML, Slack and Feishu.
 * Every report carries a {@link io.ncclscope.sdk.report.Verdict} ({@code healthy}, {@code problems} or
 * {@code inconclusive}) and the {@link io.ncclscope.sdk.report.Coverage} it rests on: each
 * {@link io.ncclscope.sdk.report.CheckFamily} as checked or not, and why the evidence cannot settle the question
 * when the verdict is inconclusive.
 *
 * <p>The other results people read are rendered here too, from their models: an A/B comparison and a scaling series
 * ({@link io.ncclscope.sdk.report.CompareReport}), so that the CLI and the REST service print the same bytes and
 * neither renders on its own. Text read from logs, file names or requests is escaped in one place per markup:
 * {@link io.ncclscope.sdk.report.Markup} for Markdown and the chats, and one HTML/XML escaper shared with the plots
 * (in the unexported {@code io.ncclscope.sdk.internal}, below both) for the HTML pages and the SVG.
 */
package io.ncclscope.sdk.report;

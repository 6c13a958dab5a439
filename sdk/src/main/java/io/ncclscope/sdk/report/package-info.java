/**
 * Reports in English or Simplified Chinese and their renderers: JSON, Markdown, plain text, HTML, Slack and Feishu.
 * Every report carries a {@link io.ncclscope.sdk.report.Verdict} ({@code healthy}, {@code problems} or
 * {@code inconclusive}) and the {@link io.ncclscope.sdk.report.Coverage} it rests on: each
 * {@link io.ncclscope.sdk.report.CheckFamily} as checked or not, and why the evidence cannot settle the question
 * when the verdict is inconclusive.
 */
package io.ncclscope.sdk.report;

/**
 * Reports in English or Simplified Chinese and their renderers: Markdown, JSON and plain text.
 */
package io.ncclscope.sdk.report;

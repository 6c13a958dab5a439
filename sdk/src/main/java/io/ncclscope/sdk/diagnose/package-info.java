/**
 * Analyzers, findings and the diagnosis that runs them: the language-neutral core every analysis shares.
 */
package io.ncclscope.sdk.diagnose;

/**
 * The seed's five steps as an immutable value: which step is satisfied, what evidence is missing, and the exact
 * commands to run next; saved and resumed as JSON.
 */
package io.ncclscope.sdk.workflow;

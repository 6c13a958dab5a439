/**
 * The seed's five steps as an immutable value: which step is satisfied, what evidence is missing, and the exact
 * commands to run next; saved and resumed as JSON.
 *
 * <p>The planner decides from the finding-code catalogue ({@link io.ncclscope.sdk.rules}): each code's
 * {@link io.ncclscope.sdk.rules.WorkflowRole}. The words a role is written in, the
 * {@link io.ncclscope.sdk.rules.Situation}, the checklist items ({@link io.ncclscope.sdk.rules.Need}) and the steps
 * ({@link io.ncclscope.sdk.rules.StepId}), live in the catalogue's package, so that this package depends on the
 * catalogue and the catalogue never on this package ({@code PackageDependencyTest} keeps it so).
 */
package io.ncclscope.sdk.workflow;

/**
 * The finding-code catalogue: every code ncclscope can report, and everything known about each, in one entry.
 *
 * <h2>One entry per code</h2>
 * A code's entry is its block in {@code Rules.properties} (this package's resources). It holds, in this order:
 * <ul>
 *   <li>{@code CODE.category}, {@code CODE.severity}, {@code CODE.segment}: the {@link io.ncclscope.sdk.rules.Category}
 *       the report groups it under, its default {@link io.ncclscope.sdk.rules.FindingSeverity}, and the bandwidth
 *       {@link io.ncclscope.sdk.rules.Segment} its evidence bounds;</li>
 *   <li>{@code CODE.workflow}: its {@link io.ncclscope.sdk.rules.WorkflowRole}, what a finding means to the five steps:
 *       the {@link io.ncclscope.sdk.rules.Situation} it points to and from which severity, its rank when step 5
 *       names the cause, the checklist items it proves, whether it blocks step 2 or names a suspect node, and the step
 *       that proves or clears it;</li>
 *   <li>{@code CODE.symptom} (optional): what the final report states for it (a located bandwidth loss, jitter);</li>
 *   <li>{@code CODE.source.N}: the seed section, NCCL documentation and sources the rule comes from;</li>
 *   <li>its English texts ({@code CODE.title}, {@code .meaning}, {@code .cause.N}, {@code .action.N},
 *       {@code .action.N.command}), with {@code CODE.action.N.area} beside each action: the
 *       {@link io.ncclscope.sdk.report.FixArea} it lies in and whether it fixes or checks; and the sentences a finding
 *       of the code states ({@code CODE.detail.NAME}), where its analyzer keeps them here.</li>
 * </ul>
 * {@code Rules_zh_CN.properties} translates the texts and holds nothing else. {@link io.ncclscope.sdk.rules.RuleCatalog}
 * reads the entries into {@link io.ncclscope.sdk.rules.FindingCode} records when it loads (the data lines only; a text
 * is parsed when first asked for) and refuses an incomplete or malformed entry, so no code can lack a workflow role or
 * a fix area: nothing falls into a default.
 *
 * <h2>Who asks it</h2>
 * The workflow planner decides the situation, step 2's blockers, the suspect nodes, the checklist links and the
 * primary finding from the roles alone; the final report takes each action's fix area, the step that proves a
 * suspicion and the symptoms from the entries; {@link io.ncclscope.sdk.diagnose.Finding} refuses a code with no entry;
 * the report orders findings by category and catalogue order. None of them keeps a set of codes. The analyzers still
 * name the codes they raise as string literals; {@code CodeLiteralsTest} checks each names an entry.
 *
 * <h2>Adding a code</h2>
 * One entry with its English texts, its Chinese texts, the check that raises it, and its test: four files, see
 * {@code CONTRIBUTING.md}. Codes are a public contract: added freely, never renamed or removed
 * ({@code RuleCatalogTest} pins them). {@link io.ncclscope.sdk.rules.RuleCatalog#register} adds the codes of another
 * bundle pair of the same form, for extensions and tests.
 *
 * <h2>Dependencies go one way: {@code workflow} reads {@code rules}, never the reverse</h2>
 * The workflow planner reads the catalogue (the roles, the actions, the texts); the catalogue must not read the
 * planner. A role names the workflow's vocabulary (a {@link io.ncclscope.sdk.rules.Situation}, the checklist items
 * ({@link io.ncclscope.sdk.rules.Need}) and the steps ({@link io.ncclscope.sdk.rules.StepId})), so that vocabulary lives
 * here, beside the other words an entry is written in ({@link io.ncclscope.sdk.rules.Segment},
 * {@link io.ncclscope.sdk.rules.FindingSeverity}): the catalogue parses and checks a role when it loads without
 * reaching into {@code io.ncclscope.sdk.workflow}. {@code PackageDependencyTest} fails if a class of this package
 * refers to one of that package again.
 */
package io.ncclscope.sdk.rules;

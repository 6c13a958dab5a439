/**
 * NCCL and launcher errors, classified and walked back to their first cause. Not exported: the facade builds

 * {@link io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzer}; everything else is package-private.
 *
 * <p>The analyzer has the shape every analyzer has: checks per artifact, a small summary per artifact, checks across
 * artifacts on those summaries, findings to one sink ({@code ErrorsPass}).
 * <ul>
 *   <li><b>Per artifact</b> (an NCCL log or an nccl-tests output, as its node's slice comes in): {@code FirstCauses}
 *       turns every WARN line and launcher report into a {@code Signal} ({@code Classifier} reads it, and the c10d
 *       store's, torchrun's and the launchers' and schedulers' lines on how a process ended, by the message catalogue,
 *       {@code io.ncclscope.sdk.rules.MessageCatalogue}), opens a chain ({@code Chain}) at each process's
 *       first cause and settles it (followers, the {@code -> N} trace, the launcher's reports); {@code ChainFindings}
 *       drafts the finding each chain makes if it leads its group, its evidence quoted by {@code QuotedLines}. {@code Settings} checks the NCCL variables and
 *       {@code NCCL_DEBUG_FILE}, {@code TestsChecks} the nccl-tests failures and devices.</li>
 *   <li><b>The summary</b> ({@code ArtifactSummary}, where it stands in {@code ArtifactPlace}): the chains
 *       ({@code ArtifactChains}: per reading a {@code ChainReading} of {@code ChainSummary} records, with the
 *       consequences and failure reports with no cause text), the communicator entries ({@code CommEntry}), and the
 *       findings that wait for other artifacts. Across artifacts the pass gathers as they come the NCCL versions
 *       ({@code VersionCheck}) and each host's first usable interface. Findings no other artifact can change are handed
 *       over right after their slice.</li>
 *   <li><b>Across artifacts</b>, at the end, in the order of the whole evidence: {@code ChainGroups} joins the chains
 *       (consequences of an artifact with no cause of its own join the evidence's first chain, a failure report joins
 *       the chain of its rank, one shared GPU or unreachable peer is one finding, a kill by a signal yields to a first
 *       cause in any artifact) and makes one finding per group;
 *       {@code VersionCheck} compares the versions; the waiting checks are filtered by what the chains found; and
 *       {@code RankMappingCheck} checks each communicator's rank to host and GPU mapping.</li>
 * </ul>
 * The summaries are plain records of small numbers, labels and the few lines a finding may quote (each an
 * {@code EvidenceLine} read while its slice is at hand, so that no node's files are read again; a {@code CommEntry}
 * keeps its artifact's stub and a line number, quoted when the finding is made); slices may come in any order.
 */
package io.ncclscope.sdk.diagnose.errors;

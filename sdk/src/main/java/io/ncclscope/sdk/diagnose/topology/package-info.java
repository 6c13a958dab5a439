/**
 * GPU-to-NIC affinity, NUMA placement and topology asymmetry between nodes.
 *
 * <p>The analyzer's shape, as in every analyzer package: <b>per node</b>, in {@code add}, {@code AffinityChecks}
 * judge the node's GPU-NIC {@code Layout}, {@code NodeGaps} the gaps its own evidence shows and
 * {@code HostComparison} the hosts inside one multi-host artifact; what the node comparison reads of it (GPU and NIC
 * counts, models, paths, NVLink layout) is kept as a few strings ({@code NodeComparison}); <b>across nodes</b>, at
 * finish, nodes that differ from their peers are found (each aspect an {@code AspectSeries});
 * <b>findings</b> go to one {@code MergedFindings}, in whole-evidence order.
 * Unexported: the facade runs {@link io.ncclscope.sdk.diagnose.topology.TopologyAnalyzer}.
 */
package io.ncclscope.sdk.diagnose.topology;

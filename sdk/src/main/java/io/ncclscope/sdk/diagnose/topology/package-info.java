/**
 * GPU-to-NIC affinity, NUMA placement and topology asymmetry between nodes.
 *
 * <p>The analyzer's shape, as in every analyzer package: <b>per node</b>, in {@code add}, {@code AffinityChecks}
 * judge the node's GPU-NIC {@code Layout} and {@code AsymmetryChecks} the gaps its own evidence shows; what the node
 * comparison reads of it (GPU and NIC counts, models, paths, NVLink layout) is kept as a few strings
 * ({@code AsymmetryChecks.Across}); <b>across nodes</b>, at finish, nodes that differ from their peers are found;
 * <b>findings</b> go to one {@code FindingCollector}, in whole-evidence order.
 * Unexported: the facade runs {@link io.ncclscope.sdk.diagnose.topology.TopologyAnalyzer}.
 */
package io.ncclscope.sdk.diagnose.topology;

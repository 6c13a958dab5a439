/**
 * GPU-to-NIC affinity, NUMA placement and topology asymmetry between nodes.
 */
package io.ncclscope.sdk.diagnose.topology;

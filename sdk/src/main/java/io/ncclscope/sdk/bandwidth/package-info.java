/**
 * The three segments (intra-node, inter-node, end-to-end): measured bandwidth held against what the hardware found
 * should carry.
 */
package io.ncclscope.sdk.bandwidth;

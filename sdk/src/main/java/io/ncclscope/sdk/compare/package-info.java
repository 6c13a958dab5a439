/**
 * A/B comparison by the switch method (default vs {@code NCCL_IB_DISABLE=1}, P2P and SHM switches) and scaling
 * from 2 to N nodes.
 */
package io.ncclscope.sdk.compare;

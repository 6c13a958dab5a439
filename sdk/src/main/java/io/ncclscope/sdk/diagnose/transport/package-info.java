/**
 * The transport NCCL chose (IB, RoCE, socket), GPUDirect RDMA, P2P and the interface choice.
 */
package io.ncclscope.sdk.diagnose.transport;

/**
 * {@code ip -d link}, {@code ip addr}, {@code ifconfig} and {@code ibdev2netdev}: interfaces, MTU, state,
 * addresses and the RDMA-to-netdev map (kind {@code iplink}).
 */
package io.ncclscope.parsers.net;

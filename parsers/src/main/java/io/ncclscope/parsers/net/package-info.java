/**
 * {@code ip -d link}, {@code ip addr}, {@code ifconfig} and {@code ibdev2netdev}: interfaces, MTU, state,
 * addresses and the RDMA-to-netdev map (kind {@code iplink}). {@link io.ncclscope.parsers.net.NetInterfaces} classes
 * an interface's name or address (loopback, virtual, link-local, routable...) whichever tool printed it.
 */
package io.ncclscope.parsers.net;

/**
 * The health of PCIe, NVLink, InfiniBand and Ethernet links, MTUs, error counters and Xid events.
 */
package io.ncclscope.sdk.diagnose.links;

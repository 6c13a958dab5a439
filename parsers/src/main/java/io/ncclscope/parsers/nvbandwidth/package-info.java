/**
 * nvbandwidth matrices and its {@code -j} JSON: host and device copy bandwidth, segment 1 evidence
 * (kind {@code nvbandwidth}).
 */
package io.ncclscope.parsers.nvbandwidth;

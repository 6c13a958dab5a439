/**
 * Kernel log lines ({@code dmesg -T}): NVIDIA Xid and NVLink errors, mlx5 port events and PCIe AER lines
 * (kind {@code dmesg}).
 */
package io.ncclscope.parsers.dmesg;

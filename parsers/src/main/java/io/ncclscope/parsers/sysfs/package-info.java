/**
 * Values read from {@code /sys}: the {@code PATH VALUE} lines of {@code net/sysfs.txt} and {@code ib/sysfs.txt} in an
 * {@code ncclscope collect} bundle, or {@code grep . /sys/class/net/STAR/mtu} (kind {@code sysfs}).
 */
package io.ncclscope.parsers.sysfs;

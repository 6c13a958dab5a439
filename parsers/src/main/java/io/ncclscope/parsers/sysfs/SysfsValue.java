package io.ncclscope.parsers.sysfs;

import java.util.Objects;

/**
 * One file of {@code /sys} and what it held.
 *
 * @param path  the file, {@code /sys/class/net/eth0/mtu}
 * @param value its first line, as read ({@code 1500}, {@code up}, {@code 4: ACTIVE}, {@code -1})
 * @param line  1-based source line
 */
public record SysfsValue(String path, String value, int line) {

    /**
     * Checks the path and value are present.
     *
     * @param path  the file
     * @param value its first line
     * @param line  1-based source line
     */
    public SysfsValue {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(value, "value");
    }
}

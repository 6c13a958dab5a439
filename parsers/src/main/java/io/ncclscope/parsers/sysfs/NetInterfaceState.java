package io.ncclscope.parsers.sysfs;

import java.util.Map;

/**
 * The state of one network interface from {@code /sys/class/net/IF/}: {@code mtu}, {@code speed}, {@code duplex},
 * {@code operstate}, {@code carrier}, {@code type}, each with its line.
 *
 * @param name   the interface, {@code eth0}
 * @param values attribute name to value, in input order ({@code mtu} to {@code 1500})
 */
public record NetInterfaceState(String name, Map<String, SysfsValue> values) {

    /**
     * Copies the map, keeping its order.
     *
     * @param name   the interface
     * @param values attribute name to value
     */
    public NetInterfaceState {
        values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
    }

    /**
     * {@return the value of one attribute; null when not read}
     *
     * @param attribute {@code mtu}, {@code operstate}...
     */
    public String value(String attribute) {
        SysfsValue v = values.get(attribute);
        return v == null ? null : v.value();
    }
}

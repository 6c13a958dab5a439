package io.ncclscope.parsers.sysfs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Values read from {@code /sys}, in input order, and the comments the collector wrote between them.
 *
 * @param values   every {@code PATH VALUE} line
 * @param comments the {@code #} lines ({@code # 3 interface(s) not probed: veth1 veth2 cali3}), without the {@code #}
 */
public record SysfsData(List<SysfsValue> values, List<String> comments) {

    private static final String NET = "/sys/class/net/";

    /**
     * Copies the lists.
     *
     * @param values   every {@code PATH VALUE} line
     * @param comments the comment lines
     */
    public SysfsData {
        values = List.copyOf(values);
        comments = List.copyOf(comments);
    }

    /** {@return the network interfaces of {@code /sys/class/net/IF/ATTRIBUTE} lines, in input order} */
    public List<NetInterfaceState> interfaces() {
        Map<String, Map<String, SysfsValue>> byName = new LinkedHashMap<>();
        for (SysfsValue v : values) {
            if (!v.path().startsWith(NET)) continue;
            String rest = v.path().substring(NET.length());
            int slash = rest.indexOf('/');
            if (slash <= 0 || rest.indexOf('/', slash + 1) >= 0) continue;
            byName.computeIfAbsent(rest.substring(0, slash), k -> new LinkedHashMap<>()).put(rest.substring(slash + 1), v);
        }
        List<NetInterfaceState> out = new ArrayList<>(byName.size());
        byName.forEach((n, m) -> out.add(new NetInterfaceState(n, m)));
        return out;
    }
}

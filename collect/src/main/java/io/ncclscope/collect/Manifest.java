package io.ncclscope.collect;

import io.ncclscope.parsers.json.Json;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a collection did: the bundle's {@code manifest.json}. {@code ncclscope analyze} takes the node name from
 * {@link #host()}, and two bundles of one host give counter deltas over the interval between their
 * {@link #time()}s.
 *
 * @param format         the manifest format, {@value #FORMAT}
 * @param host           the node name the bundle is filed under: {@code --node}, else the host name
 * @param hostname       the kernel's host name ({@code /proc/sys/kernel/hostname})
 * @param time           when the collection started, ISO-8601 UTC ({@code 2026-12-02T12:00:00Z})
 * @param finished       when it ended, same format
 * @param ncclscope      the ncclscope version that collected
 * @param os             the OS release's {@code PRETTY_NAME}; {@code null} when {@code /etc/os-release} is unreadable
 * @param kernel         the kernel release; {@code null} when unreadable
 * @param arch           the CPU architecture ({@code os.arch})
 * @param user           the user that collected
 * @param root           whether it ran as root (some commands print less, or refuse, otherwise)
 * @param timeoutSeconds the timeout of each command
 * @param entries        every step, in allow-list order
 */
public record Manifest(int format, String host, String hostname, String time, String finished, String ncclscope,
                       String os, String kernel, String arch, String user, boolean root, double timeoutSeconds,
                       List<Entry> entries) {

    /** The manifest format written by this version. */
    public static final int FORMAT = 1;

    /** The manifest's file name in a bundle (also the marker that makes a folder one node). */
    public static final String FILE = "manifest.json";

    /** Copies the entries. */
    public Manifest {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(time, "time");
        entries = List.copyOf(entries);
    }

    /** How many steps ended each way. */
    public Map<Outcome, Integer> counts() {
        Map<Outcome, Integer> m = new EnumMap<>(Outcome.class);
        for (Entry e : entries) m.merge(e.outcome(), 1, Integer::sum);
        return m;
    }

    /** The files written, relative to the bundle. */
    public List<String> files() {
        List<String> out = new ArrayList<>();
        for (Entry e : entries) if (e.file() != null) out.add(e.file());
        return out;
    }

    /** The manifest as indented JSON (what {@code manifest.json} holds). */
    public String toJson() {
        return Json.pretty(this) + "\n";
    }

    /** One line for a terminal: {@code 38 steps: 30 ok, 6 missing, 2 refused}. */
    public String summary() {
        StringBuilder sb = new StringBuilder().append(entries.size()).append(" steps: ");
        List<String> parts = new ArrayList<>();
        counts().forEach((o, n) -> parts.add(n + " " + o.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')));
        return sb.append(String.join(", ", parts)).toString();
    }
}

package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.Digits;
import java.util.ArrayList;
import java.util.List;

/**
 * An interface list as NCCL reads {@code NCCL_SOCKET_IFNAME} (and {@code NCCL_IB_HCA}, which adds ports): a leading
 * {@code ^} turns the list into exclusions, a {@code =} after it makes every entry a whole name instead of a prefix,
 * and the entries are separated by commas, each with an optional {@code :port}. {@code ^=eth0,docker} keeps every
 * interface but {@code eth0} and {@code docker}; {@code ib} keeps {@code ib0} and {@code ib1}. Read as NCCL's
 * {@code findInterfaces} (src/misc/socket.cc) and {@code parseStringList} / {@code matchIfList} (src/misc/utils.cc) do:
 * no space is stripped, empty entries are skipped, a port is the leading digits after the colon.
 *
 * @param exclude whether the list names the interfaces NCCL must not use ({@code ^})
 * @param exact   whether each entry is a whole name ({@code =}) rather than a prefix
 * @param entries the entries in order
 */
public record InterfaceList(boolean exclude, boolean exact, List<Entry> entries) {

    /**
     * One entry of an interface list.
     *
     * @param name the name or prefix ({@code eth}, {@code mlx5_0})
     * @param port the port after a colon ({@code 1} of {@code mlx5_0:1}); null when none
     */
    public record Entry(String name, Integer port) {
    }

    /**
     * Creates the record: copies the list into an unmodifiable one.
     *
     * @param exclude whether the list names the interfaces NCCL must not use ({@code ^})
     * @param exact   whether each entry is a whole name ({@code =}) rather than a prefix
     * @param entries the entries in order
     */
    public InterfaceList {
        entries = List.copyOf(entries);
    }

    /**
     * {@return the list a variable's value gives}
     *
     * @param value the variable's value as set, not stripped; null for unset
     */
    public static InterfaceList of(String value) {
        String s = value == null ? "" : value;
        boolean exclude = s.startsWith("^");
        if (exclude) s = s.substring(1);
        boolean exact = s.startsWith("=");
        if (exact) s = s.substring(1);
        List<Entry> entries = new ArrayList<>();
        for (String part : s.split(",", -1)) {
            int colon = part.indexOf(':');
            String name = colon >= 0 ? part.substring(0, colon) : part;
            if (name.isEmpty()) continue;
            entries.add(new Entry(name, colon >= 0 ? port(part, colon + 1) : null));
        }
        return new InterfaceList(exclude, exact, entries);
    }

    /**
     * {@return whether NCCL may use the interface named {@code name} under this list} An empty list matches every
     * interface, as in NCCL's {@code matchIfList}: {@code ""} admits all and a bare {@code ^} none.
     *
     * @param name an interface name
     */
    public boolean admits(String name) {
        boolean listed = entries.isEmpty();
        for (Entry e : entries) listed |= exact ? name.equals(e.name()) : name.startsWith(e.name());
        return listed != exclude;
    }

    /** {@return the leading digits of {@code s} from {@code from} as C's {@code atoi} reads them: 0 when none} */
    private static int port(String s, int from) {
        int to = from;
        while (to < s.length() && to - from < 9 && Digits.isDigit(s.charAt(to))) to++;
        return to == from ? 0 : (int) Digits.value(s, from, to);
    }
}

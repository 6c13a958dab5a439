package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.InterfaceKind;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.net.NetInterfaces;
import io.ncclscope.sdk.diagnose.internal.Quote;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** One interface of one host as NCCL's lines show it: its addresses, what NCCL uses it for, its first lines. */
final class InterfaceUse {

    final String name;
    final Set<String> addresses = new LinkedHashSet<>();
    /** What NCCL uses it for, in the order its lines say it. */
    final Set<InterfaceKind> uses = new LinkedHashSet<>();
    /** The facts of its first lines, quoted only when a finding shows them ({@link #quotes()}). */
    private final List<LogFact<NcclInterface>> firstLines = new ArrayList<>();
    final Set<Integer> socketIndexes = new HashSet<>();
    boolean used;

    private InterfaceUse(String name) {
        this.name = name;
    }

    /** {@return its first lines, read only when a finding shows them} */
    List<Quote> quotes() {
        List<Quote> out = new ArrayList<>(firstLines.size());
        for (LogFact<NcclInterface> f : firstLines) out.add(f.toQuote());
        return out;
    }

    /** {@return the fact of its first line} */
    LogFact<NcclInterface> firstLine() {
        return firstLines.get(0);
    }

    /** {@return what NCCL uses it for, as its lines say it: {@code Bootstrap, NET/Socket}} */
    String usesText() {
        return uses.stream().map(InterfaceKind::word).collect(Collectors.joining(", "));
    }

    String address() {
        return addresses.isEmpty() ? null : addresses.iterator().next();
    }

    /** {@return the interfaces of host {@code h} by name, in the order NCCL first names them} */
    static Map<String, InterfaceUse> of(HostFacts h) {
        Map<String, InterfaceUse> m = new LinkedHashMap<>();
        for (LogFact<NcclInterface> a : h.interfaces) {
            NcclInterface i = a.value();
            if (i.name() == null || i.name().isEmpty()) continue;
            InterfaceUse e = m.computeIfAbsent(i.name(), InterfaceUse::new);
            if (i.address() != null) e.addresses.add(i.address());
            InterfaceKind k = i.kind();
            if (k != InterfaceKind.UNKNOWN) e.uses.add(k);
            // Bootstrap listens on the first interface of its list only.
            boolean first = i.index() == null || i.index() == 0;
            if (k == InterfaceKind.SOCKET || k == InterfaceKind.OOB || (k == InterfaceKind.BOOTSTRAP && first)) e.used = true;
            if (k == InterfaceKind.SOCKET && i.index() != null) e.socketIndexes.add(i.index());
            if (e.firstLines.size() < LogSummary.LINES) e.firstLines.add(a);
        }
        return m;
    }

    /** {@return the host's first used bootstrap interface with a routable IPv4 address; null when none} */
    static InterfaceUse bootstrap(HostFacts h) {
        for (InterfaceUse e : of(h).values()) {
            if (e.used && e.uses.contains(InterfaceKind.BOOTSTRAP) && NetInterfaces.isIpv4(e.address()) && NetInterfaces.isRoutable(e.address())) return e;
        }
        return null;
    }
}

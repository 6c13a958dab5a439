package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.net.NetInterfaces;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** One interface of one host as NCCL's lines show it: its addresses, what NCCL uses it for, its first lines. */
final class InterfaceUse {

    static final String BOOTSTRAP = "Bootstrap";
    static final String SOCKET = "NET/Socket";
    private static final String OOB = "OOB";

    final String name;
    final Set<String> addresses = new LinkedHashSet<>();
    final Set<String> uses = new LinkedHashSet<>();
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

    /** {@return its first line, read now; null when NCCL printed none} */
    EvidenceLine firstLine() {
        return firstLines.isEmpty() ? null : firstLines.get(0).quote();
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
            switch (i.kind()) {
                case BOOTSTRAP -> {
                    e.uses.add(BOOTSTRAP);
                    // Bootstrap listens on the first interface of its list only.
                    if (i.index() == null || i.index() == 0) e.used = true;
                }
                case SOCKET -> {
                    e.uses.add(SOCKET);
                    e.used = true;
                    if (i.index() != null) e.socketIndexes.add(i.index());
                }
                case OOB -> {
                    e.uses.add(OOB);
                    e.used = true;
                }
                default -> {
                }
            }
            if (e.firstLines.size() < LogSummary.LINES) e.firstLines.add(a);
        }
        return m;
    }

    /** {@return the host's first used bootstrap interface with a routable IPv4 address; null when none} */
    static InterfaceUse bootstrap(HostFacts h) {
        for (InterfaceUse e : of(h).values()) {
            if (e.used && e.uses.contains(BOOTSTRAP) && NetInterfaces.isIpv4(e.address()) && NetInterfaces.isRoutable(e.address())) return e;
        }
        return null;
    }
}

package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbPort;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.ib.PortState;
import io.ncclscope.parsers.net.IpLinkData;
import io.ncclscope.parsers.net.NetAddress;
import io.ncclscope.parsers.net.NetInterface;
import io.ncclscope.parsers.net.RdmaLink;
import io.ncclscope.parsers.topo.TopoGpu;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One hardware artifact ({@code ibstat}, {@code ip addr} / {@code ibdev2netdev}, {@code nvidia-smi topo -m}) as the
 * transport checks read it: its parsed record and the text of each line a finding may quote, read while its slice was
 * at hand.
 *
 * @param node  the artifact's node; null for none
 * @param name  the artifact's name
 * @param data  its record: {@link IbstatData}, {@link IpLinkData} or {@link Topology}
 * @param texts the text of each line the checks may quote
 */
record HardwareRecord(String node, String name, Object data, Map<Integer, String> texts) {

    /** {@return whether the checks read artifacts with {@code data}} */
    static boolean read(Object data) {
        return data instanceof IbstatData || data instanceof IpLinkData || data instanceof Topology;
    }

    /** {@return the record of artifact {@code a}, whose data is of a kind the checks {@link #read}} */
    static HardwareRecord of(Artifact a) {
        Object d = a.result().data();
        List<Integer> lines = new ArrayList<>();
        if (d instanceof IbstatData ib) {
            for (IbDevice dev : ib.devices()) for (IbPort p : dev.ports()) if (p.state() == PortState.ACTIVE) lines.add(p.line());
            if (ib.devices().isEmpty() && !ib.toolErrors().isEmpty()) lines.add(ib.toolErrors().get(0).line());
        } else if (d instanceof IpLinkData ip) {
            for (RdmaLink r : ip.rdmaMap()) lines.add(r.line());
            for (NetInterface i : ip.interfaces()) {
                lines.add(i.line());
                for (NetAddress n : i.addresses()) lines.add(n.line());
            }
        } else if (d instanceof Topology t) {
            for (TopoGpu g : t.gpus()) lines.add(g.line());
        }
        Map<Integer, String> texts = new HashMap<>();
        for (int n : lines) texts.computeIfAbsent(n, k -> a.quote(k).text());
        return new HardwareRecord(a.node().orElse(null), a.name(), d, Map.copyOf(texts));
    }

    /** {@return the record's data as {@code type}, when it is of that type} */
    <T> Optional<T> data(Class<T> type) {
        return type.isInstance(data) ? Optional.of(type.cast(data)) : Optional.empty();
    }

    /** {@return line {@code n} quoted as {@link Artifact#quote(int)} quoted it} */
    EvidenceLine quote(int n) {
        return new EvidenceLine(name, n, texts.getOrDefault(n, ""));
    }
}

package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.net.IpLinkData;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.Optional;

/**
 * One hardware artifact ({@code ibstat}, {@code ip addr} / {@code ibdev2netdev}, {@code nvidia-smi topo -m}) as the
 * transport checks read it: its parsed record and its artifact's {@linkplain Artifact#stub() stub}, which quotes a
 * line when a finding shows it.
 *
 * @param node     the artifact's node; null for none
 * @param artifact the artifact's stub
 * @param data     its record: {@link IbstatData}, {@link IpLinkData} or {@link Topology}
 */
record HardwareRecord(String node, Artifact artifact, Object data) {

    /** {@return whether the checks read artifacts with {@code data}} */
    static boolean read(Object data) {
        return data instanceof IbstatData || data instanceof IpLinkData || data instanceof Topology;
    }

    /** {@return the record of artifact {@code a}, whose data is of a kind the checks {@link #read}} */
    static HardwareRecord of(Artifact a) {
        return new HardwareRecord(a.node().orElse(null), a.stub(), a.result().data());
    }

    /** {@return the record's data as {@code type}, when it is of that type} */
    <T> Optional<T> data(Class<T> type) {
        return type.isInstance(data) ? Optional.of(type.cast(data)) : Optional.empty();
    }

    /** {@return line {@code n}, quoted now} */
    EvidenceLine quote(int n) {
        return artifact.quote(n);
    }
}

package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclTransport;
import io.ncclscope.parsers.nccl.NetworkChoice;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.Locale;

/**
 * A fact of an NCCL log (an interface, a network choice, an event, a setting, a connection, an IB device) with the
 * {@linkplain Artifact#stub() stub} of the artifact it came from, which quotes the fact's line when a finding shows it.
 *
 * @param value    the fact, as the parser read it (slimmed to what the checks read)
 * @param line     the fact's 1-based line
 * @param artifact the stub of the artifact it came from
 * @param <T>      the fact's type
 */
record LogFact<T>(T value, int line, Artifact artifact) {

    /** {@return the fact's line as a finding shows it, read now} */
    EvidenceLine quote() {
        return artifact.quote(line, fallback(value));
    }

    /** {@return the fact's line as a finding shows it, read only when the finding is built} */
    Quote toQuote() {
        return Quote.of(artifact, line, fallback(value));
    }

    /**
     * {@return the text a finding shows of {@code v}'s line when the artifact kept none (a file over
     * {@code Evidence.Builder#keepTextUpTo}): the parser's copy of it}
     */
    static String fallback(Object v) {
        if (v instanceof NcclInterface i) {
            String a = i.address() == null ? "" : ":" + i.address();
            return switch (i.kind()) {
                case BOOTSTRAP -> "NCCL INFO Bootstrap : Using " + i.name() + a;
                case SOCKET -> "NCCL INFO NET/Socket : Using " + (i.index() == null ? "" : "[" + i.index() + "]") + i.name() + a;
                case OOB -> "NCCL INFO NET/IB : Using ... ; OOB " + i.name() + a;
                default -> "NCCL INFO " + i.name() + a;
            };
        }
        if (v instanceof NetworkChoice c) return "NCCL INFO Using network " + c.name();
        if (v instanceof NcclEvent e) return "NCCL " + e.level() + " " + (e.message() == null ? "" : e.message());
        if (v instanceof EnvSetting e) return e.name() + " set by environment to " + e.value();
        if (v instanceof NcclTransport t) {
            return String.format(Locale.ROOT, "NCCL INFO Channel %02d : %d -> %d%s via %s", t.channel(), t.fromRank(), t.toRank(),
                    t.direction() == null ? "" : " [" + t.direction() + "]", t.via());
        }
        if (v instanceof IbDevice d) {
            return "NCCL INFO NET/IB : Using [" + d.index() + "]" + d.device() + (d.port() == null ? "" : ":" + d.port()) + "/" + d.linkLayer();
        }
        throw new IllegalArgumentException("not an NCCL log fact: " + v);
    }
}

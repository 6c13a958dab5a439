package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.NcclLineFact;
import io.ncclscope.sdk.diagnose.internal.Quote;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;

/**
 * A fact of an NCCL log (an interface, a network choice, an event, a setting, a connection, an IB device) with the
 * {@linkplain Artifact#stub() stub} of the artifact it came from, which quotes the fact's line when a finding shows it:
 * the line's text, else (a file over {@code Evidence.Builder#keepTextUpTo}) the line as the parser rebuilds it.
 *
 * @param value    the fact, as the parser read it (slimmed to what the checks read)
 * @param artifact the stub of the artifact it came from
 * @param <T>      the fact's type
 */
record LogFact<T extends NcclLineFact>(T value, Artifact artifact) {

    /** {@return the fact's line as a finding shows it, read now} */
    EvidenceLine quote() {
        return artifact.quote(value.line(), value.asPrinted());
    }

    /** {@return the fact's line as a finding shows it, read only when the finding is built} */
    Quote toQuote() {
        return Quote.of(artifact, value.line(), value.asPrinted());
    }
}

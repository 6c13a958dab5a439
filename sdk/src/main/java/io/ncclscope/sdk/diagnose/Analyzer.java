package io.ncclscope.sdk.diagnose;

import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;

/**
 * One family of checks over the evidence (errors in logs, transport choice, topology, link health...).
 * Implementations are stateless and thread-safe, read only the parsed evidence (never files), and
 * return findings whose codes are in the rule catalogue. A healthy input gives no finding of
 * {@code WARNING} or worse.
 */
public interface Analyzer {

    /** {@return a short stable name, for example {@code "errors"}} */
    String name();

    /**
     * {@return the findings this analyzer makes on {@code evidence}; empty when there is nothing to say}
     *
     * @param evidence the evidence read
     */
    List<Finding> analyze(Evidence evidence);
}

package io.ncclscope.parsers;

import java.util.List;

/**
 * The outcome of kind detection.
 *
 * @param kind       the kind chosen, {@link Kind#UNKNOWN} when no parser was confident enough
 * @param confidence the chosen parser's score, 0..100
 * @param scores     every parser's score that was above zero, best first (for explanations)
 */
public record Detection(Kind kind, int confidence, List<Score> scores) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param kind       the kind chosen, {@link Kind#UNKNOWN} when no parser was confident enough
     * @param confidence the chosen parser's score, 0..100
     * @param scores     every parser's score that was above zero, best first (for explanations)
     */
    public Detection {
        scores = List.copyOf(scores);
    }

    /** One parser's score. */
    public record Score(Kind kind, int confidence) {
    }
}

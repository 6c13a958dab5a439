package io.ncclscope.parsers.tests;

/**
 * The {@code # Out of bounds values : N OK|FAILED} footer: the number of wrong results over the run.
 *
 * @param count wrong values counted
 * @param ok    true for {@code OK}, false for {@code FAILED}
 * @param line  1-based source line
 */
public record OutOfBounds(long count, boolean ok, int line) {
}

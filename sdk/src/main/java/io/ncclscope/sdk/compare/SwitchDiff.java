package io.ncclscope.sdk.compare;

/**
 * A switch set differently on the two sides.
 *
 * @param name   the variable
 * @param valueA effective value on side A (NCCL's default when not set)
 * @param valueB effective value on side B
 * @param origin how it is known ({@link Setting#origin()} of the side that sets it)
 */
public record SwitchDiff(String name, String valueA, String valueB, String origin) {
}

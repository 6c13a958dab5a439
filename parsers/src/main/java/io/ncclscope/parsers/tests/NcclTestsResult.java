package io.ncclscope.parsers.tests;

/**
 * One half of a result row: out-of-place or in-place.
 *
 * @param timeUs  average time per operation in microseconds (CPU time when the run used {@code -C 1});
 *                null when not a number
 * @param algbw   algorithm bandwidth, GB/s (10^9 bytes per second)
 * @param busbw   bus bandwidth, GB/s: algbw times the collective's factor (see {@link Collective#busBwFactor(int)})
 * @param wrong   the {@code #wrong} count of wrong elements; null when printed {@code N/A} (validation off, or
 *                nothing to check, for example in-place alltoall/sendrecv) and in the old layout
 * @param error   the old layout's {@code error} column (largest relative error, for example {@code 5e-07});
 *                null in the new layout or when {@code N/A}
 * @param perIter per-iteration statistics ({@code -I 1}); null when not printed
 */
public record NcclTestsResult(Double timeUs, Double algbw, Double busbw, Long wrong, Double error, IterStats perIter) {

    /**
     * {@return whether the half reports wrong values: a {@code #wrong} count above 0, or in the old layout a largest
     * relative error of 1e-2 or more (it prints 1e+00 for a wrong value, 1e-07 for rounding)}
     */
    public boolean hasWrongValues() {
        return wrong != null && wrong > 0 || error != null && error >= 1e-2;
    }
}

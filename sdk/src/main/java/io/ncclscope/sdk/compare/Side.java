package io.ncclscope.sdk.compare;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One side of an A/B comparison, measured.
 *
 * @param label      what the user called it (a path, {@code A})
 * @param runs       the nccl-tests runs read
 * @param settings   NCCL variables it ran with, by name
 * @param collective the collective compared ({@code all_reduce}); null when nothing matched
 * @param ranks      ranks of its runs (the largest); null when unknown
 * @param nodes      nodes of its runs (distinct device hosts); null when unknown
 * @param plateau    plateau busbw in GB/s: median of the busbw readings of the largest matched sizes; null when none
 * @param jitter     relative spread (0.25 = 25 %) of the busbw at the large matched sizes: between repeated runs,
 *                   in-place vs out-of-place, and dips below the plateau (the second worst size, so that one
 *                   transient outlier is not jitter); null when none
 * @param judged     false when the side measures no communication (one rank) or has no rows
 */
public record Side(String label, List<Run> runs, Map<String, Setting> settings, String collective, Integer ranks,
                   Integer nodes, Double plateau, Double jitter, boolean judged) {
    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param label      what the user called it (a path, {@code A})
     * @param runs       the nccl-tests runs read
     * @param settings   NCCL variables it ran with, by name
     * @param collective the collective compared ({@code all_reduce}); null when nothing matched
     * @param ranks      ranks of its runs (the largest); null when unknown
     * @param nodes      nodes of its runs (distinct device hosts); null when unknown
     * @param plateau    plateau busbw in GB/s: median of the busbw readings of the largest matched sizes; null when none
     * @param jitter     relative spread (0.25 = 25 %) of the busbw at the large matched sizes: between repeated runs,
     *         in-place vs out-of-place, and dips below the plateau (the second worst size, so that one
     *         transient outlier is not jitter); null when none
     * @param judged     false when the side measures no communication (one rank) or has no rows
     */
    public Side {
        runs = List.copyOf(runs);
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }
}

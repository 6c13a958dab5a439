package io.ncclscope.parsers.nccl;

import java.util.List;

/**
 * A ring order listing, {@code Channel 00/32 :    0   1   2   3} (2.4: {@code Ring 00 :    0   1}).
 *
 * @param channel   channel number
 * @param nChannels total channels after the slash; nullable
 * @param ranks     ranks in ring order (at most {@link NcclLogParser#MAX_RING_RANKS})
 * @param host      host of the line prefix; nullable
 * @param line      1-based line
 */
public record NcclRing(int channel, Integer nChannels, List<Integer> ranks, String host, int line) {
    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param channel   channel number
     * @param nChannels total channels after the slash; nullable
     * @param ranks     ranks in ring order (at most {@link NcclLogParser#MAX_RING_RANKS})
     * @param host      host of the line prefix; nullable
     * @param line      1-based line
     */
    public NcclRing {
        ranks = List.copyOf(ranks);
    }
}

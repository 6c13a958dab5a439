package io.ncclscope.parsers.nccl;

/**
 * {@code 64 coll channels, 64 collnet channels, 0 nvls channels, 64 p2p channels, 64 p2p channels per peer}
 * (first occurrence). Nullable components were not printed (older versions print fewer).
 *
 * @param coll       collective channels
 * @param collnet    CollNet channels
 * @param nvls       NVLink SHARP channels
 * @param p2p        point-to-point channels
 * @param p2pPerPeer p2p channels per peer
 * @param line       1-based line
 */
public record ChannelCounts(Integer coll, Integer collnet, Integer nvls, Integer p2p, Integer p2pPerPeer, int line) {
}

package io.ncclscope.parsers.nccl;

/**
 * A {@code Trees [0] 1/-1/-1->0->7|7->0->1/-1/-1 [1] ...} line (tree parents and children per channel).
 *
 * @param spec the text after {@code Trees} (at most 512 characters)
 * @param host host of the line prefix; nullable
 * @param line 1-based line
 */
public record NcclTrees(String spec, String host, int line) {
}

package io.ncclscope.parsers.nccl;

/**
 * An {@code NCCL WARN} line: each distinct host, pid, source and text once, with a count.
 *
 * @param line   1-based line of the first occurrence
 * @param text   the message after {@code NCCL WARN} (joined with its continuation line when NCCL split it)
 * @param host   host of the line prefix; nullable
 * @param source {@code file.cc:line} before {@code NCCL WARN}; nullable
 * @param count  lines with this warning
 */
public record NcclWarning(int line, String text, String host, String source, long count) {
}

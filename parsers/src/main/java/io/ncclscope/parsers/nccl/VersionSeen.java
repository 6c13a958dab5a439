package io.ncclscope.parsers.nccl;

/**
 * One NCCL version printed in the log (each distinct version and source once).
 *
 * @param version the version, {@code 2.18.5}; PyTorch's mis-decoded {@code 21.1.4} is given as {@code 2.11.4}
 * @param cuda    the CUDA version NCCL was built for ({@code 12.2} from {@code +cuda12.2}); null when not printed
 * @param printed the text as printed ({@code 2.18.5+cuda12.2}, {@code 21.1.4})
 * @param source  who printed it
 * @param host    the host of the NCCL line; null for unprefixed lines and PyTorch messages
 * @param line    1-based line of the first occurrence
 */
public record VersionSeen(String version, String cuda, String printed, VersionSource source, String host, int line) {
}

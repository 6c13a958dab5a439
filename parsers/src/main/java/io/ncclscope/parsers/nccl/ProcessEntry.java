package io.ncclscope.parsers.nccl;

/** A process of the log ({@code host:pid}), with the hashes the scanner keys its lines by. */
final class ProcessEntry {
    final String host;
    final long pid;
    final Integer cudaDev;
    final int line;
    /** Hash of host and pid, and of the host alone, as {@link HostsAndProcesses#lineKey} and the transport key compute them. */
    final long hash;
    final long hostHash;

    ProcessEntry(String host, long pid, Integer cudaDev, int line, long hash, long hostHash) {
        this.host = host;
        this.pid = pid;
        this.cudaDev = cudaDev;
        this.line = line;
        this.hash = hash;
        this.hostHash = hostHash;
    }
}

package io.ncclscope.collect;

/**
 * Receives one line per finished step while a collection runs (the CLI prints them on stderr). Called from
 * worker threads, one call at a time.
 */
@FunctionalInterface
public interface Progress {

    /** Ignores everything. */
    Progress NONE = line -> { };

    /** One finished step, such as {@code [ 3/41] ok        0.4 s  nvidia-smi topo -m}. */
    void report(String line);
}

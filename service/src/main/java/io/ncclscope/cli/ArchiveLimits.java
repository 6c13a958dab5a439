package io.ncclscope.cli;

import picocli.CommandLine.Option;

/**
 * How much a bundle archive given on the command line may unpack to: {@code --max-unpacked-size},
 * {@code --max-archive-entries} (files and folders) and {@code --max-archive-depth}. The defaults are far above any
 * collect bundle (a thousand nodes are about 100 MB) and far below a disk-filling archive bomb. A picocli mixin.
 */
final class ArchiveLimits {

    /** Default of {@code --max-unpacked-size}: 4 GiB. */
    static final long DEFAULT_BYTES = 4L << 30;

    /** Default of {@code --max-archive-entries}. */
    static final int DEFAULT_ENTRIES = 200_000;

    /** Default of {@code --max-archive-depth}. */
    static final int DEFAULT_DEPTH = 32;

    /** The defaults, for commands without the options. */
    static final ArchiveLimits DEFAULTS = new ArchiveLimits();

    @Option(names = "--max-unpacked-size", paramLabel = "BYTES", defaultValue = "" + DEFAULT_BYTES,
            description = "Most bytes an archive argument may unpack to (default 4 GiB, ${DEFAULT-VALUE}).")
    long bytes = DEFAULT_BYTES;

    @Option(names = "--max-archive-entries", paramLabel = "N", defaultValue = "" + DEFAULT_ENTRIES,
            description = "Most files and folders an archive argument may hold (default ${DEFAULT-VALUE}).")
    int entries = DEFAULT_ENTRIES;

    @Option(names = "--max-archive-depth", paramLabel = "N", defaultValue = "" + DEFAULT_DEPTH,
            description = "Most folders an archive entry may be nested in (default ${DEFAULT-VALUE}).")
    int depth = DEFAULT_DEPTH;
}

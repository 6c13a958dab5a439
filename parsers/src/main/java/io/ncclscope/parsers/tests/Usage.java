package io.ncclscope.parsers.tests;

import java.util.List;

/**
 * The usage text a binary prints for {@code -h} or a bad option: {@code USAGE: all_reduce_perf} followed by
 * tab-indented {@code [-t,--nthreads <num threads>]} lines.
 *
 * @param program the program name after {@code USAGE:}
 * @param options the option lines, one per option, continuation lines joined
 * @param line    1-based line of {@code USAGE:}
 */
public record Usage(String program, List<String> options, int line) {
    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param program the program name after {@code USAGE:}
     * @param options the option lines, one per option, continuation lines joined
     * @param line    1-based line of {@code USAGE:}
     */
    public Usage {
        options = List.copyOf(options);
    }
}

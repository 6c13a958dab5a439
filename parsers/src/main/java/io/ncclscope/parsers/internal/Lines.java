package io.ncclscope.parsers.internal;

import java.io.IOException;

/**
 * Where a streaming parser takes its lines from: {@link LineSource} (one reader, in order) or {@link ChunkedLines} (a
 * file's line-aligned chunks cleaned on several threads, handed back in order). Both give the same lines, line
 * numbers and warnings for the same text.
 */
public interface Lines {

    /** The next line without its terminator, cleaned as {@link LineSource} says; null at the end. */
    String next() throws IOException;

    /** The number of the line last returned (1-based), 0 before the first. */
    int lineNumber();
}

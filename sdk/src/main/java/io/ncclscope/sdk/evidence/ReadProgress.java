package io.ncclscope.sdk.evidence;

/**
 * Told how far a read of files and folders has got, for a progress display: the bytes read from files, and each
 * node handed on to the analysis. Files of a batch are read on several threads at once, so an implementation must be
 * thread-safe, and cheap: it is called for every buffer a parser fills.
 */
public interface ReadProgress {

    /**
     * Bytes were read from an input file.
     *
     * @param bytes how many, since the last call for this file
     */
    void bytesRead(long bytes);

    /** One node's files were read and handed on to the analysis. */
    void nodeRead();
}

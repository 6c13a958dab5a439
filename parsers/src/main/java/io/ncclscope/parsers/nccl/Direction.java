package io.ncclscope.parsers.nccl;

import java.util.Locale;

/** Which side of a network connection a channel line describes ({@code [send]} / {@code [receive]}). */
public enum Direction {
    /** {@code [send]}. */
    SEND,
    /** {@code [receive]}. */
    RECEIVE;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}

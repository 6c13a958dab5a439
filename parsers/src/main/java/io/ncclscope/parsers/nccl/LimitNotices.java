package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.Warnings;
import java.util.EnumSet;
import java.util.Set;

/** Says once, as an info warning, that a capped list of the NCCL log scan is full and what happens to the rest. */
final class LimitNotices {

    /** The lists whose cap is announced. */
    enum CappedList { PROCESSES, HOSTS, RANKS, TRANSPORTS, WARNINGS, EVENTS, LAUNCHER, RINGS }

    private final Warnings warnings;
    private final Set<CappedList> reached = EnumSet.noneOf(CappedList.class);

    LimitNotices(Warnings warnings) {
        this.warnings = warnings;
    }

    /**
     * {@return true when {@link #reached} was told of {@code list}}
     *
     * @param list the list
     */
    boolean announced(CappedList list) {
        return reached.contains(list);
    }

    /** Records that {@code list} is full at line {@code no}; the first time only, warns with {@code message}. */
    void reached(CappedList list, int no, String message) {
        if (reached.add(list)) warnings.info(no, message, "");
    }
}

package io.ncclscope.parsers.internal;

import io.ncclscope.parsers.ParseWarning;
import io.ncclscope.parsers.Severity;
import java.util.ArrayList;
import java.util.List;

/** Collects {@link ParseWarning}s up to a cap, then counts the rest. Not thread-safe. */
public final class Warnings {
    private final int max;
    private final List<ParseWarning> list = new ArrayList<>();
    private long dropped;
    private boolean droppedError;

    public Warnings(int max) {
        this.max = max;
    }

    public void add(ParseWarning w) {
        if (list.size() < max) {
            list.add(w);
        } else {
            dropped++;
            droppedError |= w.severity() == Severity.ERROR;
        }
    }

    public void warn(int line, String message, String excerpt) {
        add(ParseWarning.warning(line, message, excerpt));
    }

    public void error(int line, String message, String excerpt) {
        add(ParseWarning.error(line, message, excerpt));
    }

    public void info(int line, String message, String excerpt) {
        add(ParseWarning.info(line, message, excerpt));
    }

    /** True when an error-severity warning was recorded (kept or dropped). */
    public boolean hasErrors() {
        return droppedError || list.stream().anyMatch(w -> w.severity() == Severity.ERROR);
    }

    /** Kept warnings plus, when some were dropped, one saying how many. */
    public List<ParseWarning> toList() {
        List<ParseWarning> out = new ArrayList<>(list);
        if (dropped > 0) {
            out.add(new ParseWarning(0, droppedError ? Severity.ERROR : Severity.WARNING,
                    dropped + " more warnings were dropped (limit " + max + ")", ""));
        }
        return out;
    }
}

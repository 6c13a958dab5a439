package io.ncclscope.parsers.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The lines that show the parts of one fact, found near the line the fact was read from: how the public
 * {@code ...Lines} classes of the tool packages say which lines of a tool's output a reader should be shown.
 */
public final class NearbyLines {

    private NearbyLines() {
    }

    /**
     * {@return the 1-based numbers of lines {@code from+1..from+span} whose stripped text {@code want} accepts, stopping
     * at the first line after {@code from} that {@code stop} accepts or at the end of the text; line {@code from}
     * first when {@code keepFrom}} Empty when {@code from} is below 1.
     *
     * @param text the lines of the text the fact was parsed from (line {@code n} is element {@code n - 1})
     */
    public static List<Integer> after(List<String> text, int from, int span, boolean keepFrom, Predicate<String> want,
                                      Predicate<String> stop) {
        List<Integer> out = new ArrayList<>();
        if (from <= 0) return out;
        if (keepFrom) out.add(from);
        for (int n = from + 1; n <= from + span && n <= text.size(); n++) {
            String s = text.get(n - 1).strip();
            if (stop.test(s)) break;
            if (want.test(s)) out.add(n);
        }
        return out;
    }
}

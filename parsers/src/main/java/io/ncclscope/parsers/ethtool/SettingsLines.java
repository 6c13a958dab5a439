package io.ncclscope.parsers.ethtool;

import io.ncclscope.parsers.internal.NearbyLines;
import java.util.ArrayList;
import java.util.List;

/**
 * Which lines of an {@code ethtool IF} settings section show a fact of {@link EthtoolInterface}, for a reader to be
 * shown them: the section runs from {@code Settings for IF:} to the next section ({@code NIC statistics:} of
 * {@code -S}, {@code driver:} of {@code -i}, or the next interface).
 */
public final class SettingsLines {

    /** How far below the section's first line its lines are looked for. */
    private static final int SPAN = 80;

    private SettingsLines() {
    }

    /**
     * {@return the {@code Speed:} line first, then the supported, advertised and link partner's link mode lines in
     * text order; empty when the text shows none of them}
     *
     * @param text the lines of the text the interface was parsed from (line {@code n} is element {@code n - 1})
     * @param line {@link EthtoolInterface#line()}
     */
    public static List<Integer> speed(List<String> text, int line) {
        List<Integer> found = NearbyLines.after(text, line, SPAN, false,
                s -> s.startsWith("Speed:") || s.startsWith("Advertised link modes") || s.startsWith("Supported link modes")
                        || s.startsWith("Link partner advertised link modes"),
                s -> s.startsWith("Settings for") || s.startsWith("NIC statistics") || s.startsWith("driver:"));
        List<Integer> out = new ArrayList<>();
        for (int n : found) {
            if (text.get(n - 1).strip().startsWith("Speed")) out.add(n);
        }
        for (int n : found) {
            if (!text.get(n - 1).strip().startsWith("Speed")) out.add(n);
        }
        return out;
    }

    /**
     * {@return the {@code Link detected:} lines of the section; empty when it shows none}
     *
     * @param text the lines of the text the interface was parsed from (line {@code n} is element {@code n - 1})
     * @param line {@link EthtoolInterface#line()}
     */
    public static List<Integer> linkDetected(List<String> text, int line) {
        return NearbyLines.after(text, line, SPAN, false, s -> s.startsWith("Link detected"),
                s -> s.startsWith("Settings for"));
    }
}

package io.ncclscope.parsers.ib;

import io.ncclscope.parsers.internal.NearbyLines;
import java.util.List;
import java.util.Locale;

/**
 * Which lines of {@code ibstat}, {@code ibstatus} and {@code ibv_devinfo} show a fact of an {@link IbPort}, for a
 * reader to be shown them: a port's lines run from its header ({@code Port 1:}, {@code port:   1}) to the next port's
 * or device's header ({@code CA 'mlx5_0'}, {@code Infiniband device 'mlx5_0' port 1 status:}, {@code hca_id:}).
 */
public final class PortLines {

    /** How far below the port's header its lines are looked for. */
    private static final int SPAN = 14;

    private PortLines() {
    }

    /**
     * {@return the port's header, then its state, physical state, rate, width, lane speed and LID lines}
     *
     * @param text the lines of the text the port was parsed from (line {@code n} is element {@code n - 1})
     * @param line {@link IbPort#line()}
     */
    public static List<Integer> state(List<String> text, int line) {
        return NearbyLines.after(text, line, SPAN, true, s -> {
            String l = s.toLowerCase(Locale.ROOT);
            return l.startsWith("state") || l.startsWith("physical state") || l.startsWith("phys state")
                    || l.startsWith("phys_state") || l.startsWith("rate") || l.startsWith("active_width")
                    || l.startsWith("active_speed") || l.startsWith("base lid") || l.startsWith("port_lid");
        }, s -> s.startsWith("Port ") || s.startsWith("CA '") || s.startsWith("hca_id") || s.startsWith("Infiniband device")
                || s.matches("port:\\s*\\d+"));
    }

    /**
     * {@return the port's {@code active_mtu} lines ({@code ibv_devinfo}); empty when the text shows none}
     *
     * @param text the lines of the text the port was parsed from (line {@code n} is element {@code n - 1})
     * @param line {@link IbPort#line()}
     */
    public static List<Integer> activeMtu(List<String> text, int line) {
        return NearbyLines.after(text, line, SPAN, false, s -> s.startsWith("active_mtu"),
                s -> s.startsWith("port:") || s.startsWith("hca_id"));
    }
}

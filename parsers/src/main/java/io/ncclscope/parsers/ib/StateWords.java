package io.ncclscope.parsers.ib;

import java.util.Locale;

/** The state words of ibstat, ibstatus and ibv_devinfo, reduced to one key. Package-private. */
final class StateWords {

    private StateWords() {
    }

    /** Turns {@code "PORT_ACTIVE (4)"}, {@code "4: ACTIVE"}, {@code "LinkUp"} into a letters-only upper-case key. */
    static String wordKey(String text) {
        if (text == null) return "";
        String s = text.strip();
        int paren = s.indexOf('(');
        if (paren > 0) s = s.substring(0, paren);
        int colon = s.indexOf(':');
        if (colon >= 0) s = s.substring(colon + 1); // ibstatus: "4: ACTIVE"
        s = s.strip().toUpperCase(Locale.ROOT);
        if (s.startsWith("PORT_") && !s.startsWith("PORT_CONFIGURATION")) s = s.substring(5);
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length() && sb.length() < 64; i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') sb.append(c);
        }
        return sb.toString();
    }
}

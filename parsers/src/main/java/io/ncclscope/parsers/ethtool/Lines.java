package io.ncclscope.parsers.ethtool;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Shell prompts, cut markers and elisions that pastes carry around tool output. Package-private. */
final class Lines {

    private Lines() {
    }

    // user@host:path$ cmd | [user@host dir]# cmd | ~ $ cmd | $ cmd | # cmd. Bounded repetitions only.
    private static final Pattern PROMPT = Pattern.compile(
            "^(?:\\[[^\\]]{0,80}\\]\\s?|[\\w.-]{1,64}@[\\w.-]{1,64}(?::[^\\s$#]{0,200})?\\s?|~\\s?)?[$#]\\s*(.*)$");

    /** The text after a shell prompt ({@code "$ ibstat"} gives {@code "ibstat"}), or null when {@code t} is no prompt line. */
    static String afterPrompt(String t) {
        if (t.length() > 400 || t.indexOf('$') < 0 && t.indexOf('#') < 0) return null;
        Matcher m = PROMPT.matcher(t);
        return m.matches() ? m.group(1) : null;
    }

    /** True for {@code # [cut]} markers and {@code ...} elisions. */
    static boolean isCutOrElision(String t) {
        return t.startsWith("# [cut") || t.equals("[cut]") || t.equals("...") || t.equals("\u2026") || t.equals("[...]");
    }

    /** {@code t} split at runs of blanks (space, tab, other whitespace); no regex, linear. {@code t} is stripped. */
    static String[] tokens(String t) {
        java.util.ArrayList<String> out = new java.util.ArrayList<>();
        int n = t.length();
        int i = 0;
        while (i < n) {
            while (i < n && Character.isWhitespace(t.charAt(i))) i++;
            int s = i;
            while (i < n && !Character.isWhitespace(t.charAt(i))) i++;
            if (i > s) out.add(t.substring(s, i));
        }
        return out.isEmpty() ? new String[] {""} : out.toArray(new String[0]);
    }
}

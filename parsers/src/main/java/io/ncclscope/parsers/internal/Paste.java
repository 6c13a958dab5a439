package io.ncclscope.parsers.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines people paste around tool output that carry no facts (shell prompts, sudo password prompts,
 * cut markers, Markdown fences) and the blank-separated tokens of table rows. Shared by every table
 * parser; bounded regexes only (no nested quantifiers), linear in the line.
 */
public final class Paste {

    private Paste() {
    }

    // user@host:path$ cmd | [user@host dir]# cmd | ~ $ cmd | $ cmd | # cmd. Bounded repetitions only.
    private static final Pattern COMMAND_PROMPT = Pattern.compile(
            "^(?:\\[[^\\]]{0,80}\\]\\s?|[\\w.-]{1,64}@[\\w.-]{1,64}(?::[^\\s$#]{0,200})?\\s?|~\\s?)?[$#]\\s*(.*)$");

    // user@host:dir$ cmd / [user@host dir]# cmd / (env) user@host:~$ cmd; bounded, no nested quantifiers.
    private static final Pattern HOST_PROMPT = Pattern.compile(
            "^(?:\\([\\w.-]{1,40}\\)\\s)?\\[?[\\w.-]{1,64}@[\\w.-]{1,64}(?:[:\\s][^\\s$#]{0,200})?\\]?\\s?[$#%>](?:\\s.*)?$");

    /** The command after a shell prompt ({@code "$ ibstat"} gives {@code "ibstat"}), or null when {@code t} is no prompt line. */
    public static String afterPrompt(String t) {
        if (t.length() > 400 || t.indexOf('$') < 0 && t.indexOf('#') < 0) return null;
        Matcher m = COMMAND_PROMPT.matcher(t);
        return m.matches() ? m.group(1) : null;
    }

    /**
     * True, after noting it as an INFO warning, when {@code t} (a stripped line) is a cut marker or an
     * elision that a parser skips.
     */
    public static boolean skippedCut(Warnings w, String t, int line) {
        if (!isCutOrElision(t)) return false;
        w.info(line, "skipped a cut marker or elision", t);
        return true;
    }

    /** True for {@code # [cut]} markers and {@code ...} elisions. */
    public static boolean isCutOrElision(String t) {
        return t.startsWith("# [cut") || t.equals("[cut]") || t.equals("...") || t.equals("\u2026") || t.equals("[...]");
    }

    /**
     * True for a line with no facts: empty, a prompt or comment ({@code #}, {@code $}, {@code >}),
     * {@code [sudo]} and {@code Password:} prompts, Markdown fences, {@code user@host} prompts.
     * {@code t} is the stripped line.
     */
    public static boolean isNoise(String t) {
        if (t.isEmpty()) return true;
        char c = t.charAt(0);
        if (c == '#' || c == '$' || c == '>') return true;
        if (t.startsWith("[sudo]") || t.startsWith("```") || t.startsWith("Password:")) return true;
        return t.indexOf('@') > 0 && t.length() < 600 && HOST_PROMPT.matcher(t).matches();
    }

    /** Runs of the regex's whitespace ({@code \\s}: space, tab, line feed, vertical tab, form feed, carriage return). */
    private static final Pattern WHITESPACE_RUN = Pattern.compile("\\s+");

    /**
     * {@return {@code s.split("\\s+")}} String.split compiles a regex of more than one character at every call; this
     * one is compiled once.
     *
     * @param s the text
     */
    public static String[] splitAtWhitespaceRuns(String s) {
        return WHITESPACE_RUN.split(s);
    }

    /** {@code t} split at runs of whitespace, without a regex (this runs on every line); empty for a blank line. */
    public static String[] words(String t) {
        ArrayList<String> out = new ArrayList<>();
        int n = t.length();
        int i = 0;
        while (i < n) {
            while (i < n && Whitespace.is(t.charAt(i))) i++;
            int s = i;
            while (i < n && !Whitespace.is(t.charAt(i))) i++;
            if (i > s) out.add(t.substring(s, i));
        }
        return out.toArray(new String[0]);
    }

    /**
     * The first {@code max} words of {@code t}, split as {@link #words(String)} splits it: for sniffers that look at the
     * start of every line and need not cut the rest of it.
     */
    public static String[] words(String t, int max) {
        String[] out = new String[max];
        int k = 0;
        int n = t.length();
        int i = 0;
        while (i < n && k < max) {
            while (i < n && Whitespace.is(t.charAt(i))) i++;
            int s = i;
            while (i < n && !Whitespace.is(t.charAt(i))) i++;
            if (i > s) out[k++] = t.substring(s, i);
        }
        return k == max ? out : Arrays.copyOf(out, k);
    }

    /** Like {@link #words(String)}, but {@code {""}} for a blank line, so that {@code tokens(t)[0]} always exists. */
    public static String[] tokens(String t) {
        String[] w = words(t);
        return w.length == 0 ? new String[] {""} : w;
    }
}

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
     * The command a fleet runner runs on other nodes: {@code pdsh -w node[1-4] ibstat} and {@code clush -b -w node1
     * ibstat} run {@code ibstat}, {@code ssh node1 nvidia-smi topo -m} runs {@code nvidia-smi topo -m}, {@code ansible
     * all -a 'ibstat'} (or {@code -m shell -a "..."}) runs what its {@code -a} quotes. {@code command} itself when it
     * starts with no runner; empty when the runner's command is missing (the line was cut after it).
     *
     * @param command a command line, its prompt cut off ({@link #afterPrompt})
     */
    public static String runCommand(String command) {
        String c = command.stripLeading();
        if (!(c.startsWith("pdsh") || c.startsWith("clush") || c.startsWith("ssh") || c.startsWith("ansible"))) return command;
        String[] w = words(command, 2);
        if (w.length == 0) return command;
        int at;
        switch (w[0]) {
            case "pdsh", "clush" -> at = afterOptions(command, w[0].length(), "wxgXRlftuoOe", false);
            case "ssh" -> at = afterOptions(command, 3, "pilJoFEcmbDLRW", true);
            case "ansible" -> {
                int a = command.indexOf(" -a ");
                if (a < 0) a = command.indexOf(" --args ");
                if (a < 0) return "";
                String quoted = command.substring(command.indexOf(' ', a + 1) + 1).strip();
                if (quoted.length() >= 1 && (quoted.charAt(0) == '\'' || quoted.charAt(0) == '"')) {
                    char q = quoted.charAt(0);
                    int close = quoted.indexOf(q, 1);
                    return close < 0 ? quoted.substring(1) : quoted.substring(1, close);
                }
                return quoted;
            }
            default -> {
                return command;
            }
        }
        return at < 0 ? "" : command.substring(at);
    }

    /**
     * Where the command after a runner's options starts in {@code s}, from {@code i}: words that start with {@code '-'}
     * are options, and a one-letter option of {@code withArgument} takes the next word; with {@code host}, the first
     * other word is the host and the command follows it. -1 when nothing follows.
     */
    private static int afterOptions(String s, int i, String withArgument, boolean host) {
        int n = s.length();
        boolean argumentNext = false;
        boolean hostNext = host;
        while (true) {
            while (i < n && Whitespace.is(s.charAt(i))) i++;
            if (i >= n) return -1;
            int start = i;
            while (i < n && !Whitespace.is(s.charAt(i))) i++;
            if (argumentNext) {
                argumentNext = false;
            } else if (s.charAt(start) == '-') {
                argumentNext = i - start == 2 && withArgument.indexOf(s.charAt(start + 1)) >= 0;
            } else if (hostNext) {
                hostNext = false;
            } else {
                return start;
            }
        }
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
        return isHostPrompt(t);
    }

    /**
     * True for a line a person adds around a pasted output: a shell prompt's command line ({@code $ ibstat},
     * {@code # ibstat}, {@code user@host:~$ ibstat}) or a Markdown fence. {@code t} is the stripped line.
     */
    public static boolean isPromptOrFence(String t) {
        if (t.startsWith("```") || t.startsWith("~~~")) return true;
        if (t.startsWith("$ ") || t.startsWith("# ") && afterPrompt(t) != null) return true;
        return isHostPrompt(t);
    }

    /**
     * True for a {@code user@host} prompt's line: {@code user@host:dir$ cmd}, {@code [user@host dir]# cmd},
     * {@code (env) user@host:~$ cmd}. {@code t} is the stripped line.
     */
    public static boolean isHostPrompt(String t) {
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

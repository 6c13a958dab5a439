package io.ncclscope.parsers.pci;

import java.util.regex.Pattern;

/**
 * Lines that people paste around lspci output and that carry no lspci facts: shell prompts
 * ({@code $ lspci -tv}, {@code root@node:~# sudo lspci -vvv}), sudo password prompts, comment and
 * {@code # [cut]} markers, Markdown code fences.
 */
final class PasteNoise {

    // user@host:dir$ cmd / [user@host dir]# cmd / (env) user@host:~$ cmd; bounded, no nested quantifiers.
    private static final Pattern PROMPT = Pattern.compile(
            "^(?:\\([\\w.-]{1,40}\\)\\s)?\\[?[\\w.-]{1,64}@[\\w.-]{1,64}(?:[:\\s][^\\s$#]{0,200})?\\]?\\s?[$#%>](?:\\s.*)?$");

    private PasteNoise() {
    }

    /** True for a prompt, marker or fence line; {@code t} is the stripped line. */
    static boolean isNoise(String t) {
        if (t.isEmpty()) return true;
        char c = t.charAt(0);
        if (c == '#' || c == '$' || c == '>') return true;
        if (t.startsWith("[sudo]") || t.startsWith("```") || t.startsWith("Password:")) return true;
        return t.indexOf('@') > 0 && t.length() < 600 && PROMPT.matcher(t).matches();
    }
}

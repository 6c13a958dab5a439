package io.ncclscope.sdk.rules;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The language a command of a report is written in, so that every rendering shows it in a block of its own: a shell
 * line to paste into a terminal, or Python to put in the training script. A report never mixes them in one block: a
 * Python statement pasted into a shell does nothing useful (issue 19).
 *
 * <p>The language is read from the command itself: Python commands of the catalogue and the workflow begin with an
 * {@code import} line (so that they also run as written), and no shell command does. Leading comment lines ({@code #
 * run on node1}), valid in both, are skipped.
 */
public enum CommandLanguage {
    /** A shell command line (bash), shown after a {@code $} prompt or in a plain code block. */
    SHELL("$ "),
    /** Python statements for the training script, shown after a {@code >>>} prompt or in a {@code python} block. */
    PYTHON(">>> ");

    private static final Pattern PYTHON_START = Pattern.compile("^(import\\s+[A-Za-z_]|from\\s+[A-Za-z_][\\w.]*\\s+import\\s).*");

    private final String prompt;

    CommandLanguage(String prompt) {
        this.prompt = prompt;
    }

    /**
     * {@return the language {@code command} is written in: {@link #PYTHON} when its first line that is no comment
     * begins with {@code import} or {@code from ... import}, else {@link #SHELL}}
     *
     * @param command a command as a report shows it, possibly of several lines
     */
    public static CommandLanguage of(String command) {
        Objects.requireNonNull(command, "command");
        for (String line : command.split("\n")) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) continue;
            return PYTHON_START.matcher(t).matches() ? PYTHON : SHELL;
        }
        return SHELL;
    }

    /**
     * {@return the command as plain-text lines, each starting with {@code indent}: a shell command after one {@code $ }
     * prompt (its own continuation lines as they are), Python with {@code >>> } before every line; each line ends
     * with a newline}
     *
     * @param command a command of this language
     * @param indent  what goes before each line
     */
    public String prompted(String command, String indent) {
        StringBuilder sb = new StringBuilder();
        String[] lines = command.split("\n");
        for (int i = 0; i < lines.length; i++) {
            sb.append(indent);
            if (i == 0 || this == PYTHON) sb.append(prompt);
            sb.append(lines[i]).append('\n');
        }
        return sb.toString();
    }

    /** {@return the info string of a Markdown code fence for this language: {@code python}, or empty for the shell} */
    public String fenceInfo() {
        return this == PYTHON ? "python" : "";
    }
}

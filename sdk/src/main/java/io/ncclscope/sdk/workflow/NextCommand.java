package io.ncclscope.sdk.workflow;

import io.ncclscope.sdk.rules.Need;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A command that produces a missing piece of evidence, with the environment variables it needs set and the facts
 * known filled in (node names, interface, HCAs, GPUs per node). What is not known reads {@code <name>}: a placeholder
 * to replace before running it.
 *
 * @param need    what it produces
 * @param node    where to run it; null when on every node or on the launch node
 * @param command the exact command line
 */
public record NextCommand(Need need, String node, String command) {

    /**
     * Creates the record: rejects null where a component is required.
     *
     * @param need    what it produces
     * @param node    where to run it; null when on every node or on the launch node
     * @param command the exact command line
     * @throws NullPointerException when a required component is null
     */
    public NextCommand {
        Objects.requireNonNull(need, "need");
        Objects.requireNonNull(command, "command");
    }

    /** {@return the placeholders left in the command ({@code iface} for {@code <iface>}), in order; empty when it is ready to run} */
    public List<String> placeholders() {
        // The matches of <([A-Za-z][^<>\n]*)> ({@code <iface>}, and those that say where the value comes from:
        // {@code <healthy HCAs from ibstat>}), scanned by hand: every report asks it of every command.
        List<String> out = List.of();
        int from = 0;
        for (int open = command.indexOf('<'); open >= 0; open = command.indexOf('<', from)) {
            from = open + 1;
            if (from >= command.length() || !asciiLetter(command.charAt(from))) continue;
            int end = from + 1;
            while (end < command.length() && "<>\n".indexOf(command.charAt(end)) < 0) end++;
            if (end == command.length() || command.charAt(end) != '>') continue;
            String name = command.substring(from, end);
            if (out.isEmpty()) out = new ArrayList<>();
            if (!out.contains(name)) out.add(name);
            from = end + 1;
        }
        return out;
    }

    private static boolean asciiLetter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }
}

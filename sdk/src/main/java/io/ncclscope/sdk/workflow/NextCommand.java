package io.ncclscope.sdk.workflow;

import io.ncclscope.sdk.rules.Need;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /** {@code <iface>}, and the placeholders that say where the value comes from ({@code <healthy HCAs from ibstat>}). */
    private static final Pattern PLACEHOLDER = Pattern.compile("<([A-Za-z][^<>\\n]*)>");

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
        List<String> out = new ArrayList<>();
        Matcher m = PLACEHOLDER.matcher(command);
        while (m.find()) if (!out.contains(m.group(1))) out.add(m.group(1));
        return out;
    }
}

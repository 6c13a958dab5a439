package io.ncclscope.sdk.rules;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One next step of a rule: what to do, in words, and the exact command or environment setting
 * that does it.
 *
 * <p>A command may hold placeholders written {@code ${name}}, with a name from
 * {@link #PLACEHOLDERS}; an analyzer that knows the value fills them with {@link #fill(Map)}, and
 * a placeholder nobody filled stays in the text for the reader to replace. Commands are the same in
 * every language.
 *
 * @param text    what to do, in the reader's language; never blank
 * @param command the exact command line or {@code NAME=value} setting, or {@code ""} when the step
 *                has no single command (for example, "reseat the cable")
 */
public record Action(String text, String command) {

    /**
     * The placeholder names a catalogue command may use: {@code iface} (network interface, e.g.
     * {@code ens1f0}), {@code peer} (IP or host name of the other node), {@code port} (TCP port),
     * {@code hca} (RDMA device, e.g. {@code mlx5_0}), {@code bdf} (PCI address), {@code node} (host
     * name of a node), {@code gpu} (GPU index), {@code rank} (NCCL rank), {@code env} (name of an
     * environment variable), {@code pid} (process id of a rank), {@code hcas} (the node's healthy RDMA devices,
     * comma-separated, for {@code NCCL_IB_HCA}), {@code exclusion} (the {@code NCCL_SOCKET_IFNAME} value that leaves
     * out the interface a finding names as wrong: {@code ^lo,docker,veth25f2e72}) and {@code gpus_per_node} (the GPUs
     * each node of the job runs).
     */
    public static final Set<String> PLACEHOLDERS = Set.of("iface", "peer", "port", "hca", "bdf", "node", "gpu", "rank", "env", "pid",
            "hcas", "exclusion", "gpus_per_node");

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9_]+)}");

    /**
     * Checks the components and strips the command.
     *
     * @param text    what to do; never blank
     * @param command the exact command or setting, or {@code ""}
     * @throws NullPointerException     when a component is null
     * @throws IllegalArgumentException when the text is blank
     */
    public Action {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(command, "command");
        if (text.isBlank()) {
            throw new IllegalArgumentException("action text is blank");
        }
        command = command.strip();
    }

    /**
     * {@return how a placeholder nobody filled reads in a command: {@code <name>}, or for {@code hcas} the words that
     * say where the value comes from ({@code <healthy HCAs from ibstat>}, {@code ^lo,docker,<the interface named above>}), so
     * that no one takes it for a value}
     *
     * @param name a placeholder name from {@link #PLACEHOLDERS}
     */
    public static String unfilled(String name) {
        return switch (name) {
            case "hcas" -> "<healthy HCAs from ibstat>";
            case "exclusion" -> "^lo,docker,<the interface named above>";
            case "gpus_per_node" -> "<GPUs per node>";
            default -> "<" + name + ">";
        };
    }

    /**
     * {@return whether {@code o} is an action with the same text and command} Written out, with {@link #hashCode()},
     * rather than left to the record: the record's own are linked through {@code ObjectMethods} at their first call in
     * every run, several method-handle classes spun while the JVM still interprets (the AOT cache keeps none of them),
     * and the workflow compares actions in every analysis.
     *
     * @param o another object
     */
    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof Action a && text.equals(a.text) && command.equals(a.command);
    }

    /** {@return the record's hash: {@code 31 * text.hashCode() + command.hashCode()}, as the record's own gives it} */
    @Override
    public int hashCode() {
        return 31 * text.hashCode() + command.hashCode();
    }

    /**
     * Whether this step comes with a command.
     *
     * @return {@code true} when {@link #command()} is not empty
     */
    public boolean hasCommand() {
        return !command.isEmpty();
    }

    /**
     * The placeholder names in the command, in order of first appearance.
     *
     * @return an unmodifiable set, empty when the command has none
     */
    public Set<String> placeholders() {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = PLACEHOLDER.matcher(command);
        while (m.find()) {
            names.add(m.group(1));
        }
        return Collections.unmodifiableSet(names);
    }

    /**
     * A copy of this action with the placeholders for which {@code values} has a value replaced by
     * that value, verbatim. Placeholders without a value are left as they are.
     *
     * @param values placeholder name to value, e.g. {@code Map.of("iface", "ens1f0")}
     * @return the filled action ({@code this} when nothing changed)
     */
    public Action fill(Map<String, String> values) {
        Objects.requireNonNull(values, "values");
        if (values.isEmpty() || !command.contains("${")) {
            return this;
        }
        String filled = PLACEHOLDER.matcher(command).replaceAll(m -> {
            String value = values.get(m.group(1));
            return Matcher.quoteReplacement(value != null ? value : m.group());
        });
        return filled.equals(command) ? this : new Action(text, filled);
    }
}

package io.ncclscope.sdk.report;

import io.ncclscope.sdk.rules.Category;
import io.ncclscope.sdk.rules.RuleCatalog;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * Where a fix lies, as the final report splits its actions (the seed's step 5: 修复动作), so that each part can go
 * to the team that owns it: the node's hardware, the network fabric, the configuration around the job, or the
 * application itself. Constants are declared in the report's order.
 */
public enum FixArea {

    /** The node: GPUs, PCIe and NVLink, NIC cards and their slots, GPU health (Xid), CPU and NUMA layout. */
    HARDWARE,

    /** The network between nodes: links, cables and modules, switches, subnet manager, lossless RoCE (PFC, ECN), MTU. */
    FABRIC,

    /** Around the job: NCCL and container environment, drivers, libraries and plugins, scheduler placement and binding. */
    CONFIGURATION,

    /** The training program and how it is launched: device selection per rank, launcher command line, timeouts. */
    APPLICATION;

    /**
     * Whether an action changes something or reads something.
     */
    public enum Kind {
        /** Changes the system or the job (sets a variable, reseats a card, drains a node). */
        FIX,
        /** Reads the system to prove or disprove a cause before changing anything. */
        CHECK
    }

    /**
     * The area and kind of one catalogue action.
     *
     * @param area where the action lies
     * @param kind whether it changes or reads something
     */
    public record Placement(FixArea area, Kind kind) {
    }

    /** The reviewed table, {@code FixAreas.properties}: {@code CODE.action.N=area kind}. */
    private static final Map<String, Placement> TABLE = load();

    /**
     * The area and kind of action {@code index} (1-based, as in the rule catalogue) of rule {@code code}. An action
     * the reviewed table does not list (a rule added later) takes its rule's category: errors and transport as
     * configuration, topology as hardware, bandwidth as fabric, as a check.
     *
     * @param code  a rule code
     * @param index 1-based action number
     * @return where it lies; never null
     */
    public static Placement of(String code, int index) {
        Placement p = TABLE.get(code + ".action." + index);
        if (p != null) return p;
        Category c = RuleCatalog.find(code).map(r -> r.category()).orElse(Category.ERROR);
        FixArea a = switch (c) {
            case ERROR, TRANSPORT -> CONFIGURATION;
            case TOPOLOGY -> HARDWARE;
            case BANDWIDTH -> FABRIC;
        };
        return new Placement(a, Kind.CHECK);
    }

    /** The keys of the reviewed table ({@code CODE.action.N}), for tests. */
    static java.util.Set<String> tableKeys() {
        return TABLE.keySet();
    }

    private static Map<String, Placement> load() {
        Properties p = new Properties();
        try (InputStream in = FixArea.class.getResourceAsStream("FixAreas.properties")) {
            if (in == null) throw new IllegalStateException("FixAreas.properties is missing (a packaging bug)");
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Placement> m = new java.util.HashMap<>();
        for (String k : p.stringPropertyNames()) {
            String[] v = p.getProperty(k).trim().split("\\s+");
            if (v.length != 2) throw new IllegalStateException("FixAreas.properties: " + k + " needs 'area kind'");
            m.put(k, new Placement(FixArea.valueOf(v[0].toUpperCase(Locale.ROOT)), Kind.valueOf(v[1].toUpperCase(Locale.ROOT))));
        }
        return Map.copyOf(m);
    }
}

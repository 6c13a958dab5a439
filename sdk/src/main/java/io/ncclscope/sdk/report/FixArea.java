package io.ncclscope.sdk.report;

import io.ncclscope.sdk.rules.RuleCatalog;

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

    /**
     * The area and kind of action {@code index} (1-based, as in the rule catalogue) of rule {@code code}, from the
     * code's catalogue entry ({@code CODE.action.N.area}).
     *
     * @param code  a rule code
     * @param index 1-based action number
     * @return where it lies; never null
     * @throws IllegalArgumentException when the catalogue has no such code or action
     */
    public static Placement of(String code, int index) {
        return RuleCatalog.entry(code).actionArea(index);
    }
}

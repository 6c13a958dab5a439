package io.ncclscope.parsers.nvsmi;

import static io.ncclscope.parsers.nvsmi.NvsmiValues.leadingLong;

/** The frame buffer memory of a GPU: total, reserved, used, free ({@code -q}'s {@code FB Memory Usage}, the {@code memory.*} columns). */
final class GpuMemoryFields {

    private GpuMemoryFields() {
    }

    /** Sets the field {@code path} of {@code nvidia-smi -q} ({@code section/key}, lower case) names; nothing for other paths. */
    static void fromQuery(GpuFacts g, String path, String v, int n) {
        switch (path) {
            case "fb memory usage/total" -> {
                g.memTotal = leadingLong(v);
                g.memAt(n);
            }
            case "fb memory usage/reserved" -> {
                g.memReserved = leadingLong(v);
                g.memAt(n);
            }
            case "fb memory usage/used" -> {
                g.memUsed = leadingLong(v);
                g.memAt(n);
            }
            case "fb memory usage/free" -> {
                g.memFree = leadingLong(v);
                g.memAt(n);
            }
            default -> {
                // another section's field
            }
        }
    }

    /** Sets the field the {@code --query-gpu} column {@code col} names; nothing for other columns. */
    static void fromCsv(GpuFacts g, String col, String v, int n) {
        switch (col) {
            case "memory.total" -> {
                g.memTotal = leadingLong(v);
                g.memAt(n);
            }
            case "memory.reserved" -> {
                g.memReserved = leadingLong(v);
                g.memAt(n);
            }
            case "memory.used" -> {
                g.memUsed = leadingLong(v);
                g.memAt(n);
            }
            case "memory.free" -> {
                g.memFree = leadingLong(v);
                g.memAt(n);
            }
            default -> {
                // another section's column
            }
        }
    }
}

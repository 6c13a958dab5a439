package io.ncclscope.parsers.nvsmi;

import static io.ncclscope.parsers.nvsmi.NvsmiValues.leadingInt;

/** The clocks of a GPU, current and max ({@code -q}'s {@code Clocks} and {@code Max Clocks}, the {@code clocks.*} columns). */
final class GpuClockFields {

    private GpuClockFields() {
    }

    /** Sets the field {@code path} of {@code nvidia-smi -q} ({@code section/key}, lower case) names; nothing for other paths. */
    static void fromQuery(GpuFacts g, String path, String v, int n) {
        switch (path) {
            case "clocks/graphics" -> {
                g.gr = leadingInt(v);
                g.clockAt(n);
            }
            case "clocks/sm" -> {
                g.sm = leadingInt(v);
                g.clockAt(n);
            }
            case "clocks/memory" -> {
                g.mem = leadingInt(v);
                g.clockAt(n);
            }
            case "clocks/video" -> {
                g.video = leadingInt(v);
                g.clockAt(n);
            }
            case "max clocks/graphics" -> {
                g.maxGr = leadingInt(v);
                g.clockAt(n);
            }
            case "max clocks/sm" -> {
                g.maxSm = leadingInt(v);
                g.clockAt(n);
            }
            case "max clocks/memory" -> {
                g.maxMem = leadingInt(v);
                g.clockAt(n);
            }
            case "max clocks/video" -> {
                g.maxVideo = leadingInt(v);
                g.clockAt(n);
            }
            default -> {
                // another section's field
            }
        }
    }

    /** Sets the field the {@code --query-gpu} column {@code col} names; nothing for other columns. */
    static void fromCsv(GpuFacts g, String col, String v, int n) {
        switch (col) {
            case "clocks.current.graphics", "clocks.gr", "clocks.graphics" -> {
                g.gr = leadingInt(v);
                g.clockAt(n);
            }
            case "clocks.current.sm", "clocks.sm" -> {
                g.sm = leadingInt(v);
                g.clockAt(n);
            }
            case "clocks.current.memory", "clocks.mem", "clocks.memory" -> {
                g.mem = leadingInt(v);
                g.clockAt(n);
            }
            case "clocks.current.video", "clocks.video" -> {
                g.video = leadingInt(v);
                g.clockAt(n);
            }
            case "clocks.max.graphics", "clocks.max.gr" -> {
                g.maxGr = leadingInt(v);
                g.clockAt(n);
            }
            case "clocks.max.sm" -> {
                g.maxSm = leadingInt(v);
                g.clockAt(n);
            }
            case "clocks.max.memory", "clocks.max.mem" -> {
                g.maxMem = leadingInt(v);
                g.clockAt(n);
            }
            default -> {
                // another section's column
            }
        }
    }
}

package io.ncclscope.parsers.nvsmi;

import static io.ncclscope.parsers.nvsmi.NvsmiValues.leadingInt;
import static io.ncclscope.parsers.nvsmi.NvsmiValues.text;

/** The identity of a GPU: name, UUID, serial, minor number, architecture, persistence mode, performance state. */
final class GpuIdentityFields {

    private GpuIdentityFields() {
    }

    /** Sets the field {@code path} of {@code nvidia-smi -q} ({@code section/key}, lower case) names; nothing for other paths. */
    static void fromQuery(GpuFacts g, String path, String v, int n) {
        switch (path) {
            case "product name" -> g.name = text(v);
            case "product architecture" -> g.arch = text(v);
            case "gpu uuid" -> {
                if (g.uuid == null) g.uuid = text(v);
            }
            case "serial number" -> g.serial = text(v);
            case "minor number" -> g.minor = leadingInt(v);
            case "persistence mode" -> g.persistence = text(v);
            case "performance state" -> g.pstate = text(v);
            case "gpu virtualization mode/virtualization mode" -> g.virt = text(v);
            default -> {
                // another section's field
            }
        }
    }

    /** Sets the field the {@code --query-gpu} column {@code col} names; nothing for other columns. */
    static void fromCsv(GpuFacts g, String col, String v, int n) {
        switch (col) {
            case "name", "gpu_name" -> {
                if (g.name == null) g.name = text(v);
            }
            case "serial", "gpu_serial" -> {
                if (g.serial == null) g.serial = text(v);
            }
            case "persistence_mode" -> {
                if (g.persistence == null) g.persistence = text(v);
            }
            case "pstate" -> {
                if (g.pstate == null) g.pstate = text(v);
            }
            default -> {
                // another section's column
            }
        }
    }
}

package io.ncclscope.parsers.nvsmi;

import static io.ncclscope.parsers.nvsmi.NvsmiValues.isNa;
import static io.ncclscope.parsers.nvsmi.NvsmiValues.leadingInt;

import io.ncclscope.parsers.internal.ToolValues;

/** The PCIe link of a GPU: generation and width, current and max ({@code -q}'s {@code PCI / GPU Link Info}, the {@code pcie.link.*} columns). */
final class GpuPcieFields {

    private GpuPcieFields() {
    }

    /** Sets the field {@code path} of {@code nvidia-smi -q} ({@code section/key}, lower case) names; nothing for other paths. */
    static void fromQuery(GpuFacts g, String path, String v, int n) {
        switch (path) {
            case "pci/bus id" -> {
                if (g.busId == null) g.busId = ToolValues.pciAddress(v);
            }
            case "pci/gpu link info/pcie generation", "pci/gpu link info/link width" -> {
                // One-line form "Link Width : Max 16x, Current 8x" / "PCIe Generation : Max 4, Current 1".
                boolean width = path.endsWith("width");
                for (String part : v.split(",")) {
                    String p = part.strip();
                    Integer x = width ? ToolValues.linkWidth(p) : leadingInt(p.replaceFirst("^[A-Za-z ]+", "").strip());
                    if (p.startsWith("Max")) {
                        if (width) g.widthMax = x;
                        else g.genMax = x;
                    } else if (p.startsWith("Current")) {
                        if (width) g.widthCur = x;
                        else g.genCur = x;
                    }
                }
                g.pcieAt(n);
            }
            case "pci/gpu link info/pcie generation/max" -> {
                g.genMax = leadingInt(v);
                g.pcieAt(n);
            }
            case "pci/gpu link info/pcie generation/current" -> {
                g.genCur = leadingInt(v);
                g.pcieAt(n);
            }
            case "pci/gpu link info/pcie generation/device current" -> {
                g.genDevCur = leadingInt(v);
                g.pcieAt(n);
            }
            case "pci/gpu link info/pcie generation/device max" -> {
                g.genDevMax = leadingInt(v);
                g.pcieAt(n);
            }
            case "pci/gpu link info/pcie generation/host max" -> {
                g.genHostMax = leadingInt(v);
                g.pcieAt(n);
            }
            case "pci/gpu link info/link width/max" -> {
                g.widthMax = isNa(v) ? null : ToolValues.linkWidth(v);
                g.pcieAt(n);
            }
            case "pci/gpu link info/link width/current" -> {
                g.widthCur = isNa(v) ? null : ToolValues.linkWidth(v);
                g.pcieAt(n);
            }
            default -> {
                // another section's field
            }
        }
    }

    /** Sets the field the {@code --query-gpu} column {@code col} names; nothing for other columns. */
    static void fromCsv(GpuFacts g, String col, String v, int n) {
        switch (col) {
            case "pcie.link.gen.current" -> {
                g.genCur = leadingInt(v);
                g.pcieAt(n);
            }
            case "pcie.link.gen.max" -> {
                g.genMax = leadingInt(v);
                g.pcieAt(n);
            }
            case "pcie.link.gen.gpucurrent", "pcie.link.gen.devicecurrent" -> {
                g.genDevCur = leadingInt(v);
                g.pcieAt(n);
            }
            case "pcie.link.gen.gpumax", "pcie.link.gen.devicemax" -> {
                g.genDevMax = leadingInt(v);
                g.pcieAt(n);
            }
            case "pcie.link.gen.hostmax" -> {
                g.genHostMax = leadingInt(v);
                g.pcieAt(n);
            }
            case "pcie.link.width.current" -> {
                g.widthCur = leadingInt(v);
                g.pcieAt(n);
            }
            case "pcie.link.width.max" -> {
                g.widthMax = leadingInt(v);
                g.pcieAt(n);
            }
            default -> {
                // another section's column
            }
        }
    }
}

package io.ncclscope.parsers.topoxml;

/**
 * An {@code <nvlink target="0000:c1:00.0" count="2" tclass="0x068000"/>} element under a GPU: NVLinks from
 * that GPU to a peer GPU, an NVSwitch ({@code tclass 0x068000}) or a CPU.
 *
 * @param gpuBusId    bus id of the GPU the links start from (its parent {@code pci}), nullable
 * @param target      bus id of the far end in canonical form, or as printed when it is no PCI address; nullable
 * @param count       number of links; nullable
 * @param targetClass PCI class of the far end as printed ({@code 0x068000} NVSwitch, {@code 0x030200} GPU); nullable
 * @param line        1-based source line
 */
public record TopoNvLink(String gpuBusId, String target, Integer count, String targetClass, int line) {

    /** {@return true when the far end is an NVSwitch ({@code tclass="0x068000"})} */
    public boolean toNvSwitch() {
        return "0x068000".equalsIgnoreCase(targetClass);
    }
}

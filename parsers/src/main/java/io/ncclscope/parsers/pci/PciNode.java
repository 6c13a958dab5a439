package io.ncclscope.parsers.pci;

import java.util.List;
import java.util.Objects;

/**
 * One PCI function in an {@code lspci -tv} tree. A bridge (root port, switch port) carries the bus
 * range it forwards and the functions behind it as {@link #children()}.
 *
 * @param bdf            canonical PCI address {@code dddd:bb:dd.f}
 * @param domain         PCI domain (segment)
 * @param bus            bus number the function sits on
 * @param device         device number (0..31)
 * @param function       function number (0..7)
 * @param description    vendor and device name as lspci printed it; null for {@code lspci -t} without {@code -v}
 * @param secondaryBus   first bus behind the bridge ({@code [61-73]} gives 0x61); null when not a bridge
 * @param subordinateBus last bus behind the bridge ({@code [61-73]} gives 0x73); null when not a bridge
 * @param children       functions on the bridge's secondary bus, in printed order; empty for an empty bridge ({@code -[c2]--})
 * @param line           1-based source line
 */
public record PciNode(String bdf, int domain, int bus, int device, int function, String description,
                      Integer secondaryBus, Integer subordinateBus, List<PciNode> children, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param bdf            canonical PCI address {@code dddd:bb:dd.f}
     * @param domain         PCI domain (segment)
     * @param bus            bus number the function sits on
     * @param device         device number (0..31)
     * @param function       function number (0..7)
     * @param description    vendor and device name as lspci printed it; null for {@code lspci -t} without {@code -v}
     * @param secondaryBus   first bus behind the bridge ({@code [61-73]} gives 0x61); null when not a bridge
     * @param subordinateBus last bus behind the bridge ({@code [61-73]} gives 0x73); null when not a bridge
     * @param children       functions on the bridge's secondary bus, in printed order; empty for an empty bridge ({@code -[c2]--})
     * @param line           1-based source line
     * @throws NullPointerException when a required component is null
     */
    public PciNode {
        Objects.requireNonNull(bdf, "bdf");
        children = List.copyOf(children);
    }

    /** {@return true when lspci printed a bus range for this function, that is when it is a PCI-to-PCI bridge} */
    public boolean isBridge() {
        return secondaryBus != null;
    }
}

package io.ncclscope.parsers.pci;

import java.util.List;
import java.util.Objects;

/**
 * A root bus of an {@code lspci -tv} tree, printed as {@code [0000:00]}: one PCIe root complex
 * (host bridge). On AMD EPYC every I/O die quadrant is its own root bus ({@code [0000:00]},
 * {@code [0000:20]}, ...), see corpus lspci/stelline-asus-esc8000a-e12-1.txt.
 *
 * @param id       {@code dddd:bb}, for example {@code "0000:80"}
 * @param domain   PCI domain
 * @param bus      root bus number
 * @param children functions on the root bus, in printed order
 * @param line     1-based source line
 */
public record PciRootBus(String id, int domain, int bus, List<PciNode> children, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param id       {@code dddd:bb}, for example {@code "0000:80"}
     * @param domain   PCI domain
     * @param bus      root bus number
     * @param children functions on the root bus, in printed order
     * @param line     1-based source line
     * @throws NullPointerException when a required component is null
     */
    public PciRootBus {
        Objects.requireNonNull(id, "id");
        children = List.copyOf(children);
    }
}

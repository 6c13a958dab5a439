package io.ncclscope.parsers.pci;

import java.util.Objects;

/**
 * One PCI function of an {@code lspci -tv} tree in the flat list, with its place in the tree.
 *
 * @param bdf            canonical PCI address {@code dddd:bb:dd.f}
 * @param description    vendor and device name; null when lspci printed none ({@code lspci -t})
 * @param parentBdf      the bridge directly upstream; null for a function on a root bus
 * @param rootBus        id of the root bus ({@code dddd:bb}) the function hangs from
 * @param depth          number of bridges between the root bus and the function (0 on the root bus)
 * @param bridge         true for a PCI-to-PCI bridge (a bus range was printed)
 * @param secondaryBus   first bus behind a bridge; null otherwise
 * @param subordinateBus last bus behind a bridge; null otherwise
 * @param line           1-based source line
 */
public record TreeDevice(String bdf, String description, String parentBdf, String rootBus, int depth,
                         boolean bridge, Integer secondaryBus, Integer subordinateBus, int line) {

    /**
     * Creates the record: rejects null where a component is required.
     *
     * @param bdf            canonical PCI address {@code dddd:bb:dd.f}
     * @param description    vendor and device name; null when lspci printed none ({@code lspci -t})
     * @param parentBdf      the bridge directly upstream; null for a function on a root bus
     * @param rootBus        id of the root bus ({@code dddd:bb}) the function hangs from
     * @param depth          number of bridges between the root bus and the function (0 on the root bus)
     * @param bridge         true for a PCI-to-PCI bridge (a bus range was printed)
     * @param secondaryBus   first bus behind a bridge; null otherwise
     * @param subordinateBus last bus behind a bridge; null otherwise
     * @param line           1-based source line
     * @throws NullPointerException when a required component is null
     */
    public TreeDevice {
        Objects.requireNonNull(bdf, "bdf");
        Objects.requireNonNull(rootBus, "rootBus");
    }
}

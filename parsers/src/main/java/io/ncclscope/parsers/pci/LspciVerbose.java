package io.ncclscope.parsers.pci;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.List;
import java.util.Optional;

/**
 * The parsed {@code lspci -vvv} output.
 *
 * @param devices functions in printed order
 */
public record LspciVerbose(List<LspciDevice> devices) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param devices functions in printed order
     */
    public LspciVerbose {
        devices = List.copyOf(devices);
    }

    /**
     * {@return the function at {@code address} (any form {@link ToolValues#pciAddress} reads, for example {@code 21:00.0}); empty if absent}
     *
     * @param address a PCI address
     */
    public Optional<LspciDevice> device(String address) {
        String bdf = ToolValues.pciAddress(address);
        if (bdf == null) return Optional.empty();
        return devices.stream().filter(d -> bdf.equals(d.bdf())).findFirst();
    }
}

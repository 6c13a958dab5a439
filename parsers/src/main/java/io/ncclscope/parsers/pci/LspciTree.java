package io.ncclscope.parsers.pci;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The parsed {@code lspci -tv} tree: root buses with their functions nested under bridges, and the
 * same functions as a flat list in printed order, with lookups that tell how two functions connect.
 *
 * @param roots   root buses (root complexes) in printed order
 * @param devices every function, depth-first in printed order
 */
public record LspciTree(List<PciRootBus> roots, List<TreeDevice> devices) {

    /** Longest upstream walk; trees are far shallower (the parser keeps at most 64 levels). */
    private static final int MAX_WALK = 256;

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param roots   root buses (root complexes) in printed order
     * @param devices every function, depth-first in printed order
     */
    public LspciTree {
        roots = List.copyOf(roots);
        devices = List.copyOf(devices);
    }

    /** {@return the NVIDIA GPUs' own functions ({@link PciDescriptions#nvidiaGpu}), bridges left out, in printed order} */
    public List<TreeDevice> gpus() {
        return devices.stream().filter(d -> !d.bridge() && PciDescriptions.nvidiaGpu(d.description(), d.bdf())).toList();
    }

    /**
     * {@return the ConnectX and BlueField network functions ({@link PciDescriptions#connectxNic}), bridges and GPUs left
     * out, in printed order}
     */
    public List<TreeDevice> nics() {
        return devices.stream().filter(d -> !d.bridge() && !PciDescriptions.nvidiaGpu(d.description(), d.bdf())
                && PciDescriptions.connectxNic(d.description())).toList();
    }

    /**
     * {@return the function at {@code address} (any form {@link ToolValues#pciAddress} reads, for example {@code c1:00.0}); empty if absent}
     *
     * @param address a PCI address
     */
    public Optional<TreeDevice> device(String address) {
        String bdf = ToolValues.pciAddress(address);
        if (bdf == null) return Optional.empty();
        for (TreeDevice d : devices) {
            if (d.bdf().equals(bdf)) return Optional.of(d);
        }
        return Optional.empty();
    }

    /**
     * {@return the bridges above the function at {@code address}, nearest first; empty for a function on a root bus or absent}
     *
     * @param address a PCI address
     */
    public List<TreeDevice> upstreamBridges(String address) {
        List<TreeDevice> out = new ArrayList<>();
        Optional<TreeDevice> d = device(address);
        String parent = d.map(TreeDevice::parentBdf).orElse(null);
        while (parent != null && out.size() < MAX_WALK) {
            Optional<TreeDevice> p = device(parent);
            if (p.isEmpty()) break;
            out.add(p.get());
            parent = p.get().parentBdf();
        }
        return out;
    }

    /**
     * {@return the nearest bridge upstream of both functions (for two functions behind one PCIe switch, its
     * upstream port or the downstream port they share); empty when they meet only at a root bus,
     * sit on different root buses, or either is absent}
     *
     * @param a a PCI address
     * @param b another PCI address
     */
    public Optional<TreeDevice> commonUpstreamBridge(String a, String b) {
        if (device(a).isEmpty() || device(b).isEmpty()) return Optional.empty();
        List<TreeDevice> ua = upstreamBridges(a);
        List<TreeDevice> ub = upstreamBridges(b);
        for (TreeDevice x : ua) {
            for (TreeDevice y : ub) {
                if (x.bdf().equals(y.bdf())) return Optional.of(x);
            }
        }
        return Optional.empty();
    }

    /**
     * {@return the functions (and root bus ids, {@code dddd:bb}, where the path crosses a host bridge) on the
     * way from {@code a} to {@code b}, both included; empty when either is absent}
     *
     * @param a a PCI address
     * @param b another PCI address
     */
    public List<String> path(String a, String b) {
        Optional<TreeDevice> da = device(a);
        Optional<TreeDevice> db = device(b);
        if (da.isEmpty() || db.isEmpty()) return List.of();
        List<String> out = new ArrayList<>();
        if (da.get().bdf().equals(db.get().bdf())) return List.of(da.get().bdf());
        List<TreeDevice> ua = upstreamBridges(a);
        List<TreeDevice> ub = upstreamBridges(b);
        out.add(da.get().bdf());
        List<String> tail = new ArrayList<>();
        // An endpoint may itself be a bridge above the other: a is upstream of b, or b of a.
        int ia = indexOf(ub, da.get().bdf());
        int ib = indexOf(ua, db.get().bdf());
        Optional<TreeDevice> common = commonUpstreamBridge(a, b);
        if (ia >= 0) {
            for (int i = 0; i < ia; i++) tail.add(ub.get(i).bdf());
        } else if (ib >= 0) {
            for (int i = 0; i < ib; i++) out.add(ua.get(i).bdf());
        } else if (common.isPresent()) {
            String c = common.get().bdf();
            for (TreeDevice x : ua) {
                out.add(x.bdf());
                if (x.bdf().equals(c)) break;
            }
            for (TreeDevice y : ub) {
                if (y.bdf().equals(c)) break;
                tail.add(y.bdf());
            }
        } else {
            for (TreeDevice x : ua) out.add(x.bdf());
            out.add(da.get().rootBus());
            if (!da.get().rootBus().equals(db.get().rootBus())) out.add(db.get().rootBus());
            for (TreeDevice y : ub) tail.add(y.bdf());
        }
        Collections.reverse(tail);
        out.addAll(tail);
        out.add(db.get().bdf());
        return out;
    }

    /**
     * {@return how {@code a} and {@code b} connect: {@link PciRelation#PIX} when they share a bridge with at
     * most one bridge between it and either function, {@link PciRelation#PXB} through more bridges,
     * {@link PciRelation#PHB} when they meet only at their root bus, {@link PciRelation#CROSS_ROOT}
     * on different root buses}
     *
     * @param a a PCI address
     * @param b another PCI address
     */
    public PciRelation relation(String a, String b) {
        Optional<TreeDevice> da = device(a);
        Optional<TreeDevice> db = device(b);
        if (da.isEmpty() || db.isEmpty()) return PciRelation.UNKNOWN;
        if (da.get().bdf().equals(db.get().bdf())) return PciRelation.SELF;
        if (!da.get().rootBus().equals(db.get().rootBus())) return PciRelation.CROSS_ROOT;
        List<TreeDevice> ua = upstreamBridges(a);
        List<TreeDevice> ub = upstreamBridges(b);
        // One endpoint is a bridge above the other: count the bridges strictly between them.
        int ia = indexOf(ub, da.get().bdf());
        if (ia >= 0) return ia <= 1 ? PciRelation.PIX : PciRelation.PXB;
        int ib = indexOf(ua, db.get().bdf());
        if (ib >= 0) return ib <= 1 ? PciRelation.PIX : PciRelation.PXB;
        for (int i = 0; i < ua.size(); i++) {
            int j = indexOf(ub, ua.get(i).bdf());
            if (j >= 0) {
                return Math.max(i, j) <= 1 ? PciRelation.PIX : PciRelation.PXB;
            }
        }
        return PciRelation.PHB;
    }

    private static int indexOf(List<TreeDevice> list, String bdf) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).bdf().equals(bdf)) return i;
        }
        return -1;
    }
}

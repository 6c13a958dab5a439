package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.LineRegions.SEED;
import static io.ncclscope.parsers.nccl.LineRegions.cut;
import static io.ncclscope.parsers.nccl.LineRegions.mix;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_IB_DEVICES;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_INTERFACES;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_NETWORKS;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.ArrayList;
import java.util.List;

/**
 * The network lines: {@code Using network IB}, the net plugin ({@code NET/Plugin ...}, {@code Plugin Path}), the
 * interfaces of bootstrap, sockets and IB's out-of-band channel ({@code NET/Socket : Using [0]eth0:10.0.0.1<0>}), the
 * IB devices ({@code NET/IB : Using [0]mlx5_0:1/IB}) and the GPU Direct RDMA lines.
 */
final class NetworkLines {

    private final NcclLinePrefix prefix;
    private final HostsAndProcesses hostsAndProcesses;
    private final EventTable events;
    private String network;
    private final List<NetworkChoice> networks = new ArrayList<>();
    private NetPlugin netPlugin;
    private final List<NcclInterface> interfaces = new ArrayList<>();
    private final LongIntMap interfaceIndex = new LongIntMap(16);
    private final List<IbDevice> ibDevices = new ArrayList<>();
    private final LongIntMap ibDeviceIndex = new LongIntMap(16);

    NetworkLines(NcclLinePrefix prefix, HostsAndProcesses hostsAndProcesses, EventTable events) {
        this.prefix = prefix;
        this.hostsAndProcesses = hostsAndProcesses;
        this.events = events;
    }

    /** {@code Bootstrap : Using [0]eth0:10.0.0.1<0>} (the message starts at {@code m}). */
    void onBootstrap(String line, int no, int m) {
        if (hostsAndProcesses.seenBefore(line)) return;
        int u = line.indexOf("Using", m + 9);
        if (u >= 0 && u < m + 14) interfaceList(line, no, u + 5, InterfaceKind.BOOTSTRAP);
    }

    /** {@code Plugin Path : /usr/lib/libnccl-net.so} and {@code P2P plugin IBext_v8} (the message starts at {@code m}). */
    void onPluginInfo(String line, int no, int m) {
        if (line.startsWith("Plugin Path : ", m)) {
            pluginFound(null, line.substring(m + 14).trim(), line, no);
        } else if (line.startsWith("P2P plugin ", m)) {
            String rest = line.substring(m + 11).trim();
            int sp = rest.lastIndexOf(' ');
            pluginFound(sp >= 0 ? rest.substring(sp + 1) : rest, null, line, no);
        }
    }

    /** The {@code NET...} lines (the message starts at {@code m}). */
    void onNet(String line, int no, int m) {
        if (line.startsWith("NET/IB", m)) {
            onNetIb(line, no, m + 6);
        } else if (line.startsWith("NET/Socket : Using", m)) {
            if (!hostsAndProcesses.seenBefore(line)) interfaceList(line, no, m + 18, InterfaceKind.SOCKET);
        } else if (line.startsWith("NET : Using interface ", m)) {
            if (!hostsAndProcesses.seenBefore(line)) interfaceList(line, no, m + 22, InterfaceKind.SOCKET);
        } else if (line.startsWith("NET/Plugin", m)) {
            if (!hostsAndProcesses.seenBefore(line)) onPlugin(line, no, m);
        } else if (line.startsWith("NET/OFI ", m)) {
            int u = line.indexOf("aws-ofi-nccl ", m);
            if (u > 0 && (line.startsWith("Using", m + 8) || line.startsWith("Initializing", m + 8))) {
                pluginFound(line.substring(u).trim(), null, line, no);
            }
        }
    }

    void onNetwork(String line, int no, int p) {
        if (hostsAndProcesses.seenBefore(line)) return;
        String name = line.substring(Math.min(p, line.length())).trim();
        if (name.isEmpty() || name.length() > 64) return;
        String host = hostsAndProcesses.host(line);
        if (network == null) network = name;
        for (NetworkChoice c : networks) {
            if (c.name().equals(name) && java.util.Objects.equals(c.host(), host)) return;
        }
        if (networks.size() < MAX_NETWORKS) networks.add(new NetworkChoice(name, host, no));
    }

    void onPlugin(String line, int no, int m) {
        String msg = line.substring(m).trim();
        if (msg.startsWith("NET/Plugin: Loaded net plugin ") || msg.startsWith("NET/Plugin : Loaded net plugin ")) {
            pluginFound(msg.substring(msg.indexOf("plugin ") + 7).trim(), null, line, no);
        } else if (msg.contains("No plugin found") || msg.contains("Could not find") || msg.contains("cannot open shared object")
                || msg.contains("Failed to open") || msg.contains("Plugin load returned") || msg.contains("internal")) {
            if (netPlugin == null) netPlugin = new NetPlugin(false, null, null, cut(msg), no);
        }
    }

    private void pluginFound(String name, String path, String line, int no) {
        String msg = cut(line.substring(prefix.msgStart).trim());
        if (netPlugin == null || !netPlugin.found()) {
            netPlugin = new NetPlugin(true, name, path, msg, no);
        } else if (netPlugin.name() == null && name != null || netPlugin.path() == null && path != null) {
            netPlugin = new NetPlugin(true, netPlugin.name() != null ? netPlugin.name() : name,
                    netPlugin.path() != null ? netPlugin.path() : path, netPlugin.text(), netPlugin.line());
        }
    }

    /** Everything after {@code NET/IB}. */
    void onNetIb(String line, int no, int p) {
        if (line.startsWith(" : No device found", p)) {
            events.infoEvent(line, no, EventKind.NET_IB_NO_DEVICE);
            return;
        }
        if (line.indexOf("GPU Direct RDMA Disabled", p) >= 0) {
            events.infoEvent(line, no, EventKind.GDR_DISABLED);
            return;
        }
        if (line.indexOf("GPU Direct RDMA Enabled", p) >= 0) {
            events.infoEvent(line, no, EventKind.GDR_ENABLED);
            return;
        }
        if (hostsAndProcesses.seenBefore(line)) return;
        int q = p;
        while (q < line.length() && (line.charAt(q) == ' ' || line.charAt(q) == ':')) q++;
        if (line.startsWith("Using interface ", q)) {
            // 2.2/2.3: "NET/IB : Using interface enp1s0f0 for sideband communication"
            int s = q + 16;
            int e = line.indexOf(' ', s);
            String name = line.substring(s, e < 0 ? line.length() : e);
            if (!name.isEmpty()) addInterface(InterfaceKind.OOB, name, null, null, null, hostsAndProcesses.host(line), no);
        } else if (line.startsWith("Using", q)) {
            ibUsing(line, no, q + 5);
        } else if (q < line.length() && line.charAt(q) == '[') {
            // 2.3: "NET/IB: [0] mlx5_1:1/IB"
            int rb = line.indexOf(']', q);
            Integer idx = rb > q ? ToolValues.integer(line.substring(q + 1, rb)) : null;
            if (idx != null) ibDevice(idx, line.substring(rb + 1).trim(), line, no);
        }
    }

    /** {@code [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE [RO]; OOB eth0:10.0.0.1<0>}. */
    private void ibUsing(String line, int no, int p) {
        int semi = line.indexOf(';', p);
        String devs = line.substring(p, semi < 0 ? line.length() : semi);
        for (String tok : devs.split(" ")) {
            if (tok.length() < 4 || tok.charAt(0) != '[') continue;
            int rb = tok.indexOf(']');
            Integer idx = rb > 1 ? ToolValues.integer(tok.substring(1, rb)) : null;
            if (idx == null) continue; // [RO] (relaxed ordering)
            ibDevice(idx, tok.substring(rb + 1), line, no);
        }
        if (semi >= 0) {
            int oob = line.indexOf("OOB ", semi);
            if (oob >= 0) interfaceToken(line.substring(oob + 4).trim(), InterfaceKind.OOB, null, hostsAndProcesses.host(line), no);
        }
    }

    /** {@code mlx5_0:1/IB/SHARP}, {@code mlx5_0:1:2/RoCE} (rail), {@code mlx5_0:1::3/IB} (plane). */
    private void ibDevice(int index, String tok, String line, int no) {
        tok = tok.trim();
        if (tok.isEmpty()) return;
        int slash = tok.indexOf('/');
        String head = slash >= 0 ? tok.substring(0, slash) : tok;
        String tail = slash >= 0 ? tok.substring(slash + 1) : "";
        int colon = head.indexOf(':');
        String dev = colon >= 0 ? head.substring(0, colon) : head;
        Integer port = null;
        if (colon >= 0) {
            int c2 = head.indexOf(':', colon + 1);
            port = ToolValues.integer(head.substring(colon + 1, c2 < 0 ? head.length() : c2));
        }
        int s2 = tail.indexOf('/');
        LinkLayer ll = LinkLayer.of(s2 >= 0 ? tail.substring(0, s2) : tail);
        boolean sharp = tail.contains("SHARP");
        String host = hostsAndProcesses.host(line);
        long h = mix(mix(mix(SEED, dev, 0, dev.length()), index), host == null ? 0 : host.hashCode());
        h = mix(h, port == null ? -1 : port);
        if (ibDeviceIndex.get(h) >= 0 || ibDevices.size() >= MAX_IB_DEVICES) return;
        ibDeviceIndex.put(h, ibDevices.size());
        ibDevices.add(new IbDevice(index, dev, port, ll, sharp, host, no));
    }

    /** {@code [0]eno1:172.18.40.41<0> [1]veth25f2e72:fe80::380d%veth25f2e72<0>} or {@code eth0:10.0.0.1<0>}. */
    private void interfaceList(String line, int no, int p, InterfaceKind kind) {
        String host = hostsAndProcesses.host(line);
        String rest = line.substring(Math.min(p, line.length()));
        for (String tok : rest.split(" ")) {
            if (tok.isEmpty()) continue;
            Integer idx = null;
            if (tok.charAt(0) == '[') {
                int rb = tok.indexOf(']');
                if (rb < 0) continue;
                idx = ToolValues.integer(tok.substring(1, rb));
                tok = tok.substring(rb + 1);
            }
            interfaceToken(tok, kind, idx, host, no);
        }
    }

    private void interfaceToken(String tok, InterfaceKind kind, Integer idx, String host, int no) {
        if (tok.isEmpty()) return;
        int colon = tok.indexOf(':');
        String name = colon >= 0 ? tok.substring(0, colon) : tok;
        if (name.isEmpty()) return;
        String addr = null;
        Integer port = null;
        if (colon >= 0) {
            int lt = tok.indexOf('<', colon);
            addr = tok.substring(colon + 1, lt < 0 ? tok.length() : lt);
            if (lt >= 0) {
                int gt = tok.indexOf('>', lt);
                port = ToolValues.integer(tok.substring(lt + 1, gt < 0 ? tok.length() : gt));
            } else if (ToolValues.integer(addr) != null) {
                // 2.28 "Bootstrap: Using mlx5_0:1" (bootstrap over a net device): a port, not an address
                port = ToolValues.integer(addr);
                addr = null;
            }
            if (addr != null && addr.isEmpty()) addr = null;
        }
        addInterface(kind, name, addr, port, idx, host, no);
    }

    private void addInterface(InterfaceKind kind, String name, String addr, Integer port, Integer idx, String host, int no) {
        long h = mix(mix(SEED, name, 0, name.length()), kind.ordinal());
        if (addr != null) h = mix(h, addr, 0, addr.length());
        h = mix(h, host == null ? 0 : host.hashCode());
        if (interfaceIndex.get(h) >= 0 || interfaces.size() >= MAX_INTERFACES) return;
        interfaceIndex.put(h, interfaces.size());
        interfaces.add(new NcclInterface(kind, name, addr, port, idx, host, no));
    }

    String network() {
        return network;
    }

    List<NetworkChoice> networks() {
        return networks;
    }

    NetPlugin netPlugin() {
        return netPlugin;
    }

    List<NcclInterface> interfaces() {
        return interfaces;
    }

    List<IbDevice> ibDevices() {
        return ibDevices;
    }
}

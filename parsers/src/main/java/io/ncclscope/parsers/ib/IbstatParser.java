package io.ncclscope.parsers.ib;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.internal.Whitespace;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Reads the output of {@code ibstat} (and of {@code ibstatus}, {@code ibv_devinfo} and {@code ibv_devinfo -v}):
 * RDMA devices, their firmware and GUIDs, and per port the state, physical state, rate, link layer, LIDs and MTUs.
 *
 * <p>Fields are recognised by their key, not by their indentation, so pastes that lost or flattened their
 * indents still read (corpus ibstat/network-operator-1646-1.txt puts {@code port: 1} level with the device
 * fields). Tabs and spaces are equivalent. Devices keep input order ({@code mlx5_10} before {@code mlx5_2}).
 * GID lines of {@code ibv_devinfo -v} are left to {@link io.ncclscope.parsers.gids.GidsParser}; the dozens of
 * other {@code -v} fields this parser does not model are skipped quietly. Error lines the tool printed
 * ({@code ibpanic: ...}) become {@link IbstatData#toolErrors()} and a warning, and the devices read before
 * them stand (corpus ibstat/gpud-ibstat-39-a100-ibpanic-1.txt). Stateless and thread-safe.
 */
public final class IbstatParser implements ToolParser<IbstatData> {

    /** Most devices, and most ports in all, that one parse keeps. */
    static final int MAX_ITEMS = 1 << 14;

    @Override
    public Kind kind() {
        return Kind.IBSTAT;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        String h = head.toString();
        // Every score above 0 needs a line that starts (or ends) with one of these: the counts that decide it.
        if (!HeadLines.headContainsAny(h, "CA '", "CA: '", "Infiniband device '", "hca_id:", "HCAs found:", "HCA found:",
                "Physical state:", "Link layer:", "SM lid:", "Base lid:", "No IB devices found", "phys_state:", "link_layer:",
                "active_mtu:", "max_mtu:", "sm_lid:", "port_lid:", "port_lmc:", "active_width:", "active_speed:", "fw_ver:",
                "node_guid:", "sys_image_guid:", "vendor_part_id:", "phys_port_cnt:", "state:", "port:")) {
            return 0;
        }
        int ca = 0, caFields = 0, ibstatus = 0, hca = 0, gid = 0, attr = 0, list = 0, ibstatAttr = 0, none = 0;
        HeadLines t = new HeadLines(h, 400);
        while (t.next()) {
            if (t.isEmpty()) continue;
            if (t.startsWith("CA '") || t.startsWith("CA: '")) ca++;
            else if (t.startsWith("CA type:") || t.startsWith("Number of ports:")) caFields++;
            else if (t.startsWith("Infiniband device '") && t.endsWith("status:")) ibstatus++;
            else if (t.startsWith("hca_id:")) hca++;
            else if (t.startsWith("GID[")) gid++;
            else if (t.endsWith("HCAs found:") || t.endsWith("HCA found:")) list++;
            else if (t.startsWith("Physical state:") || t.startsWith("Link layer:") || t.startsWith("SM lid:")
                    || t.startsWith("Base lid:")) ibstatAttr++;
            else if (isDevinfoAttribute(t)) attr++;
            else if (t.startsWith("No IB devices found")) none++;
        }
        if (ibstatus > 0) return 95;
        if (ca > 0) return caFields > 0 || ibstatAttr > 0 ? 95 : 70;
        if (hca > 0) return gid > attr + hca ? 60 : 92; // a paste whose point is the GID table is the gids kind
        if (ibstatAttr >= 2) return 60;
        if (list > 0) return 60;
        if (attr > 0) return gid > attr ? 15 : Math.min(60, 20 + 10 * attr);
        // ibstat / ibv_devinfo on a node without an RDMA device print only this line: still their output.
        if (none > 0) return 50;
        return 0;
    }

    /** Port attribute lines of {@code ibv_devinfo} (shared with the gids sniffer's reasoning). */
    static boolean isDevinfoAttribute(HeadLines t) {
        return t.startsWith("phys_state:") || t.startsWith("link_layer:") || t.startsWith("active_mtu:")
                || t.startsWith("max_mtu:") || t.startsWith("sm_lid:") || t.startsWith("port_lid:")
                || t.startsWith("port_lmc:") || t.startsWith("active_width:") || t.startsWith("active_speed:")
                || t.startsWith("fw_ver:") || t.startsWith("node_guid:") || t.startsWith("sys_image_guid:")
                || t.startsWith("vendor_part_id:") || t.startsWith("phys_port_cnt:") || t.startsWith("state:")
                || t.startsWith("port:");
    }

    @Override
    public ParseResult<IbstatData> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        Reading r = new Reading(w);
        String raw;
        while ((raw = src.next()) != null) {
            r.line(raw, src.lineNumber());
        }
        return new ParseResult<>(Kind.IBSTAT, r.finish(), w.toList());
    }

    private static final class DeviceB {
        String name;
        String type;
        Integer numberOfPorts;
        String firmware;
        String hardwareVersion;
        String nodeGuid;
        String systemImageGuid;
        String transport;
        String vendorId;
        Integer vendorPartId;
        String boardId;
        final String source;
        final int line;
        final List<PortB> ports = new ArrayList<>();

        DeviceB(String name, String source, int line) {
            this.name = name;
            this.source = source;
            this.line = line;
        }

        IbDevice build() {
            String t = type != null ? type : vendorPartId != null ? "MT" + vendorPartId : null;
            List<IbPort> ps = new ArrayList<>(ports.size());
            for (PortB p : ports) ps.add(p.build());
            return new IbDevice(name, t, numberOfPorts, firmware, hardwareVersion, nodeGuid, systemImageGuid, transport,
                    vendorId, vendorPartId, boardId, source, ps, line);
        }
    }

    private static final class PortB {
        final Integer port;
        final int line;
        PortState state;
        PhysicalState physicalState;
        Double reportedRate;
        String width;
        String speed;
        LinkLayer linkLayer;
        Integer lid;
        Integer smLid;
        Integer lmc;
        String capabilityMask;
        String portGuid;
        String defaultGid;
        Integer activeMtu;
        Integer maxMtu;

        PortB(Integer port, int line) {
            this.port = port;
            this.line = line;
        }

        IbPort build() {
            Double reported = reportedRate;
            if (reported == null && width != null && speed != null) {
                // ibv_devinfo -v: "active_width: 4X (2)" x "active_speed: 25.0 Gbps (32)" = 100 Gb/s
                Integer lanes = ToolValues.integer(width.toUpperCase(Locale.ROOT).replace("X", ""));
                Double lane = speed.toLowerCase(Locale.ROOT).contains("gbps") ? ToolValues.gbps(speed) : null;
                if (lanes != null && lane != null) reported = lanes * lane;
            }
            // A port whose physical link is not up prints a placeholder rate (40 on Ethernet, 10 on IB).
            boolean placeholder = physicalState != null && physicalState != PhysicalState.LINK_UP
                    && physicalState != PhysicalState.UNKNOWN;
            return new IbPort(port, state, physicalState, placeholder ? null : reported, reported, width, speed,
                    linkLayer, lid, smLid, lmc, capabilityMask, portGuid, defaultGid, activeMtu, maxMtu, line);
        }
    }

    private static final class Reading {
        final Warnings w;
        final List<DeviceB> devices = new ArrayList<>();
        final List<ToolMessage> errors = new ArrayList<>();
        DeviceB dev;
        PortB port;
        int portCount;
        boolean listing;
        boolean capped;

        Reading(Warnings w) {
            this.w = w;
        }

        void line(String raw, int ln) {
            String t = raw.strip();
            if (t.isEmpty()) return;
            if (Paste.skippedCut(w, t, ln)) return;
            if (Paste.afterPrompt(t) != null) {
                w.info(ln, "skipped a shell prompt or comment", t);
                listing = false;
                return;
            }
            if (isToolMessage(t)) {
                if (errors.size() < MAX_ITEMS) errors.add(new ToolMessage(ln, t));
                w.warn(ln, "the tool reported an error", t);
                return;
            }
            if (t.startsWith("CA '") || t.startsWith("CA: '") || t.startsWith("CA:'")) {
                newDevice(quoted(t), "ibstat", ln);
                return;
            }
            if (t.regionMatches(true, 0, "Infiniband device '", 0, 19)) {
                ibstatusHeader(t, ln);
                return;
            }
            if (t.endsWith("HCAs found:") || t.endsWith("HCA found:")) {
                listing = true; // ibv_devinfo -l
                return;
            }
            int colon = t.indexOf(':');
            if (listing && colon < 0 && t.indexOf(' ') < 0 && t.indexOf('\t') < 0) {
                newDevice(t, "ibv_devinfo", ln);
                return;
            }
            listing = false;
            if (colon <= 0) {
                if (dev != null && "ibv_devinfo".equals(dev.source)) return; // -v prints capability names on their own lines
                if (dev == null) w.info(ln, "skipped text before the first device", t);
                else w.warn(ln, "unrecognised line", t);
                return;
            }
            String key = t.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String val = t.substring(colon + 1).strip();
            if (key.equals("hca_id")) {
                newDevice(val.isEmpty() ? null : val, "ibv_devinfo", ln);
                return;
            }
            if (key.startsWith("gid[")) return; // GID tables belong to the gids kind
            if (key.equals("port") && !val.isEmpty()) {
                newPort(ToolValues.integer(firstToken(val)), "ibv_devinfo", ln, t);
                return;
            }
            if (key.startsWith("port ") && val.isEmpty()) {
                Integer n = ToolValues.integer(key.substring(5));
                if (n != null) {
                    newPort(n, "ibstat", ln, t);
                    return;
                }
            }
            if (deviceField(key, val, ln, t)) return;
            if (portField(key, val, ln, t)) return;
            if (dev == null) w.info(ln, "skipped text before the first device", t);
            // else: a field this parser does not model (ibv_devinfo -v prints dozens of them)
        }

        private void ibstatusHeader(String t, int ln) {
            // Infiniband device 'mlx5_0' port 1 status:
            String name = quoted(t);
            int q = t.lastIndexOf('\'');
            Integer portNo = null;
            String rest = q >= 0 ? t.substring(q + 1).strip() : "";
            if (rest.startsWith("port ")) portNo = ToolValues.integer(firstToken(rest.substring(5)));
            if (dev == null || !"ibstatus".equals(dev.source) || !Objects.equals(dev.name, name)) {
                newDevice(name, "ibstatus", ln);
            }
            newPort(portNo, "ibstatus", ln, t);
        }

        private void newDevice(String name, String source, int ln) {
            port = null;
            if (devices.size() >= MAX_ITEMS) {
                cap(ln);
                dev = null;
                return;
            }
            dev = new DeviceB(name, source, ln);
            devices.add(dev);
        }

        private void newPort(Integer n, String source, int ln, String t) {
            if (dev == null) {
                w.warn(ln, "port without a device header", t);
                newDevice(null, source, ln);
                if (dev == null) return;
            }
            if (portCount >= MAX_ITEMS) {
                cap(ln);
                port = null;
                return;
            }
            if (n == null) w.warn(ln, "unreadable port number", t);
            port = new PortB(n, ln);
            dev.ports.add(port);
            portCount++;
        }

        private void cap(int ln) {
            if (!capped) w.warn(ln, "more than " + MAX_ITEMS + " devices or ports; the rest are not kept", "");
            capped = true;
        }

        private boolean deviceField(String key, String val, int ln, String t) {
            switch (key) {
                case "ca type", "number of ports", "phys_port_cnt", "firmware version", "fw_ver", "hardware version",
                        "hw_ver", "node guid", "node_guid", "system image guid", "sys_image_guid", "transport",
                        "vendor_id", "vendor_part_id", "board_id" -> {
                }
                default -> {
                    return false;
                }
            }
            if (dev == null) {
                w.warn(ln, "device field before any device header", t);
                return true;
            }
            String v = val.isEmpty() ? null : val;
            switch (key) {
                case "ca type" -> dev.type = v;
                case "number of ports", "phys_port_cnt" -> dev.numberOfPorts = ToolValues.integer(firstToken(val));
                case "firmware version", "fw_ver" -> dev.firmware = v;
                case "hardware version", "hw_ver" -> dev.hardwareVersion = v;
                case "node guid", "node_guid" -> dev.nodeGuid = guid(val, ln, t);
                case "system image guid", "sys_image_guid" -> dev.systemImageGuid = guid(val, ln, t);
                case "transport" -> dev.transport = v;
                case "vendor_id" -> dev.vendorId = v;
                case "vendor_part_id" -> dev.vendorPartId = ToolValues.integer(firstToken(val));
                default -> dev.boardId = v; // board_id
            }
            return true;
        }

        private boolean portField(String key, String val, int ln, String t) {
            switch (key) {
                case "state", "physical state", "phys state", "phys_state", "rate", "base lid", "port_lid", "sm lid",
                        "sm_lid", "lmc", "port_lmc", "capability mask", "port guid", "link layer", "link_layer",
                        "default gid", "active_mtu", "max_mtu", "active_width", "active_speed" -> {
                }
                default -> {
                    return false;
                }
            }
            if (port == null) {
                w.warn(ln, "port field before any port header", t);
                return true;
            }
            String v = val.isEmpty() ? null : val;
            switch (key) {
                case "state" -> port.state = v == null ? null : PortState.of(v);
                case "physical state", "phys state", "phys_state" -> port.physicalState = v == null ? null : PhysicalState.of(v);
                case "rate" -> rate(val, ln, t);
                case "base lid", "port_lid" -> port.lid = number(val);
                case "sm lid", "sm_lid" -> port.smLid = number(val);
                case "lmc", "port_lmc" -> port.lmc = number(val);
                case "capability mask" -> port.capabilityMask = v;
                case "port guid" -> port.portGuid = guid(val, ln, t);
                case "link layer", "link_layer" -> port.linkLayer = v == null ? null : LinkLayer.of(v);
                case "default gid" -> port.defaultGid = v;
                case "active_mtu" -> port.activeMtu = ToolValues.integer(firstToken(val));
                case "max_mtu" -> port.maxMtu = ToolValues.integer(firstToken(val));
                case "active_width" -> port.width = v == null ? null : withoutCode(v);
                default -> port.speed = v == null ? null : withoutCode(v); // active_speed
            }
            return true;
        }

        private void rate(String val, int ln, String t) {
            // ibstat "Rate: 400"; ibstatus "rate: 25 Gb/sec (1X EDR)"
            Double g = ToolValues.gbps(val);
            if (g == null) {
                w.warn(ln, "unreadable rate", t);
                return;
            }
            port.reportedRate = g;
            int open = val.indexOf('(');
            int close = val.indexOf(')', open + 1);
            if (open >= 0 && close > open) {
                String[] ws = Paste.tokens(val.substring(open + 1, close).strip());
                if (ws.length >= 1 && ws[0].toUpperCase(Locale.ROOT).endsWith("X")) port.width = ws[0];
                if (ws.length >= 2) port.speed = ws[1];
            }
        }

        private String guid(String val, int ln, String t) {
            if (val.isEmpty()) return null;
            // "a088::c203:005b:370c" (corpus ibstat/network-operator-1646-1.txt) is no GUID even though
            // dropping its colons leaves 16 hex digits: a "::" means groups were lost.
            String g = val.contains("::") ? null : ToolValues.guid(val);
            if (g != null) return g;
            w.warn(ln, "not a valid GUID; kept as printed", t);
            return val;
        }

        IbstatData finish() {
            List<IbDevice> out = new ArrayList<>(devices.size());
            for (DeviceB d : devices) {
                if (d.numberOfPorts != null && !"ibstatus".equals(d.source) && d.ports.size() < d.numberOfPorts) {
                    w.info(d.line, "device " + d.name + " declares " + d.numberOfPorts + " ports but " + d.ports.size()
                            + " are listed", "");
                }
                out.add(d.build());
            }
            if (out.isEmpty() && errors.isEmpty()) {
                w.error(0, "no ibstat content found", "");
            }
            return new IbstatData(out, errors);
        }
    }

    private static boolean isToolMessage(String t) {
        return t.startsWith("ibpanic:") || t.startsWith("ibwarn:") || t.startsWith("ibstat:") || t.startsWith("ibstatus:")
                || t.startsWith("ibv_devinfo:") || t.startsWith("libibverbs:") || t.startsWith("Failed to ")
                || t.startsWith("No IB devices found") || t.startsWith("Couldn't ") || t.startsWith("ls: cannot access");
    }

    private static String quoted(String t) {
        int a = t.indexOf('\'');
        int b = a < 0 ? -1 : t.indexOf('\'', a + 1);
        if (a < 0 || b < 0) return null;
        String s = t.substring(a + 1, b).strip();
        return s.isEmpty() ? null : s;
    }

    private static String firstToken(String s) {
        String t = s.strip();
        int i = 0;
        while (i < t.length() && !Whitespace.is(t.charAt(i))) i++;
        return t.substring(0, i);
    }

    /** {@code "4X (2)"} gives {@code "4X"}: the enum code in parentheses dropped. */
    private static String withoutCode(String v) {
        int p = v.indexOf('(');
        String s = p > 0 ? v.substring(0, p).strip() : v;
        return s.isEmpty() ? v : s;
    }

    /** A LID or LMC: decimal ({@code 987}) or hexadecimal ({@code 0x3}, as ibstatus prints). */
    private static Integer number(String val) {
        String s = firstToken(val);
        if (s.startsWith("0x") || s.startsWith("0X")) {
            Long v = ToolValues.hex(s);
            return v == null || v > Integer.MAX_VALUE ? null : (int) (long) v;
        }
        return ToolValues.integer(s);
    }
}

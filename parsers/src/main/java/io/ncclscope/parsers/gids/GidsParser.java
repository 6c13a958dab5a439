package io.ncclscope.parsers.gids;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads the output of {@code show_gids} (Mellanox/NVIDIA OFED script) and the {@code GID[ n]:} lines of
 * {@code ibv_devinfo -v}: which GID index carries which address, RoCE version and network interface.
 *
 * <p>show_gids rows are read by token, not by column position: a wide device name such as {@code mlx5_bond_0}
 * shifts the columns (corpus gids/nccl-551-1.txt), the IPv4 and netdev cells may be empty, and pastes may
 * carry a common leading indent (gids/nccl-tests-192-1.txt). GIDs are normalised to full form so the
 * compressed ({@code fe80::ac0:ebff:feda:1cfb}) and IPv4-embedded ({@code ::ffff:200.0.209.6}) notations of
 * {@code ibv_devinfo} compare equal to show_gids' (gids/nccl-769-1.txt). Several tables may follow one another
 * with prose between them (gids/multus-cni-1100-1.txt). Stateless and thread-safe.
 */
public final class GidsParser implements ToolParser<GidsData> {

    /** Most entries one parse keeps. */
    static final int MAX_ITEMS = 1 << 16;

    @Override
    public Kind kind() {
        return Kind.GIDS;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        int header = 0, rows = 0, gidLines = 0, attrs = 0, found = 0, cmd = 0;
        String text = head.toString();
        HeadLines t = new HeadLines(text, 400);
        if (!HeadLines.headContainsAny(text, KEY_TEXTS)) {
            // No header, GID line, count or command: only rows can score (attribute lines count against GID lines
            // alone), and a row test that holds is rare, so it goes first.
            while (t.next()) {
                if (mayBeRow(t) && !t.startsWith("hca_id:") && !isDevinfoAttribute(t) && row(Paste.tokens(t.text()), 0, null) != null) rows++;
            }
            return rows >= 2 ? 85 : rows == 1 ? 60 : 0;
        }
        while (t.next()) {
            if (t.isEmpty()) continue;
            if (t.startsWith("GID[")) gidLines++;
            else if (t.startsWith("DEV") && isHeader(Paste.tokens(t.text()))) header++;
            else if (t.startsWith("n_gids_found")) found++;
            else if (t.startsWith("hca_id:") || isDevinfoAttribute(t)) attrs++;
            else if (t.contains("show_gids")) cmd++;
            else if (mayBeRow(t) && row(Paste.tokens(t.text()), 0, null) != null) rows++;
        }
        if (header > 0) return 95;
        if (gidLines > attrs) return 92; // ibv_devinfo -v pasted for its GID table
        if (found > 0) return 90;
        if (rows >= 2) return 85;
        if (rows == 1) return cmd > 0 ? 85 : 60;
        if (gidLines > 0) return 45; // a full ibv_devinfo -v listing: ibstat's
        return cmd > 0 ? 15 : 0; // prose that names the command is not a table
    }

    /** The texts a header, a GID line, a count or the command starts with or holds: with none, only rows can score. */
    private static final String[] KEY_TEXTS = {"GID[", "DEV", "n_gids_found", "show_gids"};

    /**
     * False when {@link #row} must refuse {@code t}: fewer than four words, or no port and index numbers. Looks at the
     * first four words only, and copies them only when the second and third may be numbers, so that the sniffer does
     * not cut every line of a long paste.
     */
    private static boolean mayBeRow(HeadLines t) {
        // The cheapest test first: most lines' second word is no number, and word 3 needs the words before it found.
        if (!t.mayBeInteger(1) || !t.mayBeInteger(2) || t.word(3) < 0) return false;
        String[] w = Paste.words(t.text(), 4);
        return ToolValues.integer(w[1]) != null && ToolValues.integer(w[2]) != null;
    }

    /**
     * Port attribute lines of {@code ibv_devinfo}; more of them than GID lines means a port listing. Asked of every line
     * of a head that holds one of {@link #KEY_TEXTS} (an NCCL log's {@code CUDA_VISIBLE_DEVICES}), so the first
     * character picks the few names to compare.
     */
    private static boolean isDevinfoAttribute(HeadLines t) {
        return switch (t.first()) {
            case 'a' -> t.startsWith("active_mtu:") || t.startsWith("active_width:") || t.startsWith("active_speed:");
            case 'f' -> t.startsWith("fw_ver:");
            case 'l' -> t.startsWith("link_layer:");
            case 'm' -> t.startsWith("max_mtu:");
            case 'n' -> t.startsWith("node_guid:");
            case 'p' -> t.startsWith("phys_state:") || t.startsWith("port_lid:") || t.startsWith("port_lmc:")
                    || t.startsWith("phys_port_cnt:") || t.startsWith("port:");
            case 's' -> t.startsWith("sm_lid:") || t.startsWith("sys_image_guid:") || t.startsWith("state:");
            case 'v' -> t.startsWith("vendor_part_id:");
            default -> false;
        };
    }

    private static boolean isHeader(String[] tok) {
        return tok.length >= 4 && tok[0].equals("DEV") && tok[1].equals("PORT") && tok[2].equals("INDEX")
                && tok[3].equals("GID");
    }

    @Override
    public ParseResult<GidsData> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        List<GidEntry> out = new ArrayList<>();
        String source = null;
        String device = null;
        Integer port = null;
        boolean capped = false;
        String raw;
        while ((raw = src.next()) != null) {
            int ln = src.lineNumber();
            String t = raw.strip();
            if (t.isEmpty()) continue;
            if (Paste.skippedCut(w, t, ln)) continue;
            if (Paste.afterPrompt(t) != null) {
                w.info(ln, "skipped a shell prompt or comment", t);
                continue;
            }
            if (capped) continue;
            GidEntry e = null;
            if (t.startsWith("GID[")) {
                e = devinfoGid(t, device, port, ln);
                if (e == null) {
                    w.warn(ln, "unreadable GID line", t);
                    continue;
                }
                if (source == null) source = "ibv_devinfo";
            } else {
                String[] tok = Paste.tokens(t);
                if (isHeader(tok)) {
                    if (source == null) source = "show_gids";
                    continue;
                }
                if (tok[0].startsWith("---")) continue;
                int colon = t.indexOf(':');
                String key = colon > 0 ? t.substring(0, colon).strip().toLowerCase(Locale.ROOT) : "";
                if (key.equals("hca_id")) {
                    device = t.substring(colon + 1).strip();
                    port = null;
                    continue;
                }
                if (key.equals("port")) {
                    port = ToolValues.integer(t.substring(colon + 1).strip());
                    continue;
                }
                if (t.startsWith("n_gids_found")) {
                    found(t, out, ln, w);
                    continue;
                }
                e = row(tok, ln, w);
                if (e == null) {
                    if (colon > 0 && key.indexOf(' ') < 0) continue; // other ibv_devinfo -v fields
                    w.info(ln, "skipped a line that is no GID entry", t);
                    continue;
                }
                if (source == null) source = "show_gids";
            }
            if (out.size() >= MAX_ITEMS) {
                if (!capped) w.warn(ln, "more than " + MAX_ITEMS + " GID entries; the rest are not kept", "");
                capped = true;
                continue;
            }
            out.add(e);
        }
        if (out.isEmpty()) {
            w.error(0, "no gids content found", "");
        }
        return new ParseResult<>(Kind.GIDS, new GidsData(source, out), w.toList());
    }

    /** {@code n_gids_found=19}: show_gids' own count, a check on cut pastes. */
    private static void found(String t, List<GidEntry> out, int ln, Warnings w) {
        int eq = t.indexOf('=');
        Integer n = eq < 0 ? null : ToolValues.integer(t.substring(eq + 1));
        if (n != null && n != out.size()) {
            w.info(ln, "show_gids counted " + n + " GIDs, " + out.size() + " rows were read", t);
        }
    }

    /**
     * A show_gids row: {@code DEV PORT INDEX GID [IPv4] VER [DEV]}, tokens in that order. Null when the tokens
     * are no row; a warning (when {@code w} is given) when they look like one but a cell is unreadable.
     */
    static GidEntry row(String[] tok, int ln, Warnings w) {
        if (tok.length < 4) return null;
        Integer port = ToolValues.integer(tok[1]);
        Integer index = ToolValues.integer(tok[2]);
        if (port == null || index == null || port < 0 || index < 0) return null;
        String gid = ToolValues.gid(tok[3]);
        if (gid == null) {
            if (w != null) w.warn(ln, "unreadable GID " + tok[3], String.join(" ", tok));
            return null;
        }
        String ipv4 = null;
        String ver = null;
        String netdev = null;
        for (int i = 4; i < tok.length; i++) {
            String x = tok[i];
            if (ipv4 == null && ver == null && isIpv4(x)) ipv4 = x;
            else if (ver == null && netdev == null && isVersion(x)) ver = x.toLowerCase(Locale.ROOT);
            else if (netdev == null) netdev = netdev(x);
        }
        if (ipv4 == null) ipv4 = mappedIpv4(gid);
        return new GidEntry(tok[0], port, index, gid, ipv4, ver, netdev, ln);
    }

    /** {@code GID[  3]:  ::ffff:200.0.209.6, RoCE v2} of {@code ibv_devinfo -v}. */
    private static GidEntry devinfoGid(String t, String device, Integer port, int ln) {
        int close = t.indexOf(']');
        if (close < 0) return null;
        Integer index = ToolValues.integer(t.substring(4, close));
        if (index == null || index < 0) return null;
        String rest = t.substring(close + 1).strip();
        if (rest.startsWith(":")) rest = rest.substring(1).strip();
        String ver = null;
        int comma = rest.indexOf(',');
        String g = comma < 0 ? rest : rest.substring(0, comma);
        if (comma >= 0) {
            String type = rest.substring(comma + 1).strip().toLowerCase(Locale.ROOT);
            int v = type.lastIndexOf('v');
            if (type.contains("roce") && v >= 0 && isVersion(type.substring(v))) ver = type.substring(v);
        }
        String gid = ToolValues.gid(g);
        if (gid == null) return null;
        return new GidEntry(device, port, index, gid, mappedIpv4(gid), ver, null, ln);
    }

    private static boolean isVersion(String x) {
        return x.length() >= 2 && x.length() <= 4 && (x.charAt(0) == 'v' || x.charAt(0) == 'V')
                && ToolValues.decimal(x.substring(1)) != null;
    }

    private static boolean isIpv4(String x) {
        String[] q = x.split("\\.", -1);
        if (q.length != 4) return false;
        for (String p : q) {
            Integer v = p.isEmpty() || p.length() > 3 || !Character.isDigit(p.charAt(0)) ? null : ToolValues.integer(p);
            if (v == null || v > 255) return false;
        }
        return true;
    }

    /** The netdev cell; a trailing '.' is a reporter's full stop (corpus gids/multus-cni-1100-1.txt "net1."). */
    private static String netdev(String x) {
        return x.length() > 1 && x.endsWith(".") ? x.substring(0, x.length() - 1) : x;
    }

    /** {@code a.b.c.d} of a full-form {@code 0000:0000:0000:0000:0000:ffff:xxxx:xxxx} GID; null otherwise. */
    static String mappedIpv4(String gid) {
        if (!gid.startsWith("0000:0000:0000:0000:0000:ffff:")) return null;
        Long hi = ToolValues.hex(gid.substring(30, 34));
        Long lo = ToolValues.hex(gid.substring(35, 39));
        if (hi == null || lo == null) return null;
        return (hi >> 8) + "." + (hi & 0xff) + "." + (lo >> 8) + "." + (lo & 0xff);
    }
}

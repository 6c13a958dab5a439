package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.LineRegions.numberAt;
import static io.ncclscope.parsers.nccl.LineRegions.tokenEnd;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_IB_COMPLETION_ERRORS;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * IB completion errors ({@code NET/IB : Got completion from peer ... with error 12 ...}) in the forms NCCL versions print,
 * one per host, peer, status, vendor error and GIDs, counted.
 */
final class IbCompletionLines {

    private final Map<String, IbCompletionEntry> ibErrors = new LinkedHashMap<>();

    /**
     * {@code NET/IB : Got completion from peer 10.0.35.1<49189> with error 4, opcode 5327, len 5327, vendor err 81 (Send)},
     * {@code ... with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid X remoteGidsY},
     * {@code ... with status=transport retry counter exceeded(12) opcode=RECV(128) vendor_err=129 ... hca mlx5_0}.
     */
    IbCompletionEntry ibCompletion(String m, String host, Long pidL, Integer dev, int no) {
        String peer = null;
        Integer port = null;
        int i = m.indexOf("from peer ");
        if (i >= 0) {
            int s = i + 10;
            int e = s;
            while (e < m.length() && m.charAt(e) != '<' && m.charAt(e) != ' ') e++;
            peer = m.substring(s, e);
            if (e < m.length() && m.charAt(e) == '<') {
                int gt = m.indexOf('>', e);
                if (gt > e) port = ToolValues.integer(m.substring(e + 1, gt));
            }
        }
        Integer status = null;
        String statusText = null;
        i = m.indexOf("status=");
        if (i >= 0) {
            int s = i + 7;
            int e = m.indexOf(" opcode", s);
            if (e < 0) e = tokenEnd(m, s);
            String tok = m.substring(s, e).trim();
            status = ToolValues.integer(tok);
            if (status == null && tok.endsWith(")")) {
                int lp = tok.lastIndexOf('(');
                if (lp >= 0) {
                    status = ToolValues.integer(tok.substring(lp + 1, tok.length() - 1));
                    statusText = tok.substring(0, lp).trim();
                }
            }
        } else if ((i = m.indexOf("with error ")) >= 0) {
            status = ToolValues.integer(numberAt(m, i + 11));
        }
        Integer opcode = intAfter(m, "opcode=");
        if (opcode == null) opcode = intAfter(m, "opcode ");
        Long len = ToolValues.longValue(wordAfter(m, "len="));
        if (len == null) len = ToolValues.longValue(wordAfter(m, "len "));
        Integer vendor = intAfter(m, "vendor err ");
        if (vendor == null) vendor = intAfter(m, "vendor_err=");
        String dir = m.contains("(Recv)") ? "Recv" : m.contains("(Send)") ? "Send" : null;
        String lgid = wordAfter(m, "localGid ");
        String rgid = null;
        i = m.indexOf("remoteGids");
        if (i >= 0) {
            int s = i + 10;
            while (s < m.length() && m.charAt(s) == ' ') s++;
            rgid = m.substring(s, tokenEnd(m, s));
            if (rgid.isEmpty()) rgid = null;
        }
        String hca = wordAfter(m, " hca ");
        String key = host + "|" + peer + "|" + status + "|" + vendor + "|" + lgid + "|" + rgid;
        IbCompletionEntry b = ibErrors.get(key);
        if (b != null) {
            b.count++;
            return b;
        }
        if (ibErrors.size() >= MAX_IB_COMPLETION_ERRORS) return null;
        b = new IbCompletionEntry();
        b.host = host;
        b.pid = pidL;
        b.dev = dev;
        b.peer = peer;
        b.port = port;
        b.status = status;
        b.statusText = statusText;
        b.opcode = opcode;
        b.len = len;
        b.vendor = vendor;
        b.dir = dir;
        b.lgid = lgid;
        b.rgid = rgid;
        b.hca = hca;
        b.line = no;
        b.count = 1;
        ibErrors.put(key, b);
        return b;
    }

    /** The integer at the start of the word after {@code marker} ({@code RECV(128)} gives 128); null otherwise. */
    private static Integer intAfter(String m, String marker) {
        String w = wordAfter(m, marker);
        if (w == null) return null;
        if (w.endsWith(",")) w = w.substring(0, w.length() - 1);
        Integer v = ToolValues.integer(w);
        if (v == null && w.endsWith(")")) {
            int lp = w.lastIndexOf('(');
            if (lp >= 0) v = ToolValues.integer(w.substring(lp + 1, w.length() - 1));
        }
        return v;
    }

    private static String wordAfter(String m, String marker) {
        int i = m.indexOf(marker);
        if (i < 0) return null;
        int s = i + marker.length();
        int e = tokenEnd(m, s);
        String w = m.substring(s, e);
        if (w.endsWith(",")) w = w.substring(0, w.length() - 1);
        return w.isEmpty() ? null : w;
    }

    /** The errors in line order. */
    List<IbCompletionError> errors() {
        List<IbCompletionError> ibs = new ArrayList<>(ibErrors.size());
        for (IbCompletionEntry b : ibErrors.values()) {
            ibs.add(new IbCompletionError(b.host, b.pid, b.dev, b.peer, b.port, b.status, b.statusText, b.opcode, b.len,
                    b.vendor, b.dir, b.lgid, b.rgid, b.hca, b.line, b.count));
        }
        // Not Comparator.comparingInt: the JDK's lambda there is serializable, spun at its first call in every run.
        ibs.sort((a, b) -> Integer.compare(a.line(), b.line()));
        return ibs;
    }
}

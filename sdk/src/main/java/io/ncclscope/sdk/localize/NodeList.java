package io.ncclscope.sdk.localize;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Host lists as people write them: one host per line (a hostfile; {@code #} comments and {@code slots=} tails
 * ignored), a comma list ({@code a,b,c}) or a Slurm nodelist expression ({@code gpu[01-04,07]},
 * {@code rack[1-2]-node[1-3]}), as {@code scontrol show hostnames} expands it (zero padding kept).
 */
public final class NodeList {

    /** Most hosts one expression may expand to (a typo such as {@code n[1-99999999]} must not eat the heap). */
    public static final int MAX_HOSTS = 100_000;

    private NodeList() {
    }

    /**
     * {@return the hosts of {@code text}, in order, duplicates dropped}
     *
     * @param text node names
     * @throws IllegalArgumentException on an unbalanced bracket, a bad range or too many hosts
     */
    public static List<String> parse(String text) {
        Set<String> out = new LinkedHashSet<>();
        for (String raw : text.split("\\R")) {
            String line = raw.replaceFirst("#.*", "").trim();
            if (line.isEmpty()) continue;
            // A hostfile line: "host slots=8" or "host:8".
            String first = line.split("\\s+")[0];
            if (line.contains(" ") && !first.contains(",")) {
                addAll(out, expand(first));
                continue;
            }
            for (String item : splitTop(line.replaceAll("\\s+", ""))) {
                if (!item.isEmpty()) addAll(out, expand(item.replaceFirst(":\\d+$", "")));
            }
        }
        return List.copyOf(out);
    }

    private static void addAll(Set<String> out, List<String> hosts) {
        out.addAll(hosts);
        if (out.size() > MAX_HOSTS) throw new IllegalArgumentException("more than " + MAX_HOSTS + " hosts");
    }

    /** Splits on commas outside brackets. */
    static List<String> splitTop(String s) {
        List<String> parts = new ArrayList<>();
        int depth = 0, start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '[') depth++;
            else if (c == ']') {
                if (--depth < 0) throw new IllegalArgumentException("unbalanced ']' in " + s);
            } else if (c == ',' && depth == 0) {
                parts.add(s.substring(start, i));
                start = i + 1;
            }
        }
        if (depth != 0) throw new IllegalArgumentException("unbalanced '[' in " + s);
        parts.add(s.substring(start));
        return parts;
    }

    /** Expands the first bracket of {@code item}, then the rest recursively. */
    static List<String> expand(String item) {
        int open = item.indexOf('[');
        if (open < 0) return List.of(item);
        int close = item.indexOf(']', open);
        if (close < 0) throw new IllegalArgumentException("unbalanced '[' in " + item);
        String prefix = item.substring(0, open);
        List<String> tails = expand(item.substring(close + 1));
        List<String> out = new ArrayList<>();
        for (String range : item.substring(open + 1, close).split(",")) {
            String[] ends = range.split("-", -1);
            if (ends.length == 1 && ends[0].matches("\\d+")) {
                for (String t : tails) out.add(prefix + ends[0] + t);
            } else if (ends.length == 2 && ends[0].matches("\\d+") && ends[1].matches("\\d+")) {
                long lo = Long.parseLong(ends[0]), hi = Long.parseLong(ends[1]);
                if (hi < lo) throw new IllegalArgumentException("descending range " + range + " in " + item);
                if ((hi - lo + 1) * tails.size() > MAX_HOSTS) throw new IllegalArgumentException("more than " + MAX_HOSTS + " hosts");
                int width = ends[0].length();
                for (long v = lo; v <= hi; v++) {
                    String num = String.valueOf(v);
                    while (num.length() < width) num = "0" + num;
                    for (String t : tails) out.add(prefix + num + t);
                }
            } else {
                throw new IllegalArgumentException("bad range '" + range + "' in " + item);
            }
            if (out.size() > MAX_HOSTS) throw new IllegalArgumentException("more than " + MAX_HOSTS + " hosts");
        }
        return out;
    }
}

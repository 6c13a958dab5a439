package io.ncclscope.sdk.diagnose.hangs;

import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The format version and communication library version each rank's Flight Recorder dump says it was written with.
 * Ranks whose dumps disagree run different PyTorch or NCCL builds (PyTorch's {@code fr_trace} refuses such dumps);
 * that is no hang by itself, so it is quoted as evidence of the hang findings made, not raised on its own.
 */
final class DumpVersions {

    /** Per field ({@code version}, {@code comm_lib_version}), per rank, the value its dump wrote. */
    private final Map<String, Map<Integer, String>> byField = new LinkedHashMap<>();
    /** Per rank, the name of its dump. */
    private final Map<Integer, String> artifacts = new TreeMap<>();

    /**
     * Keeps what rank {@code rank}'s dump says (the first dump of a rank counts); blank values say nothing (gloo
     * writes an empty {@code comm_lib_version}).
     *
     * @param rank     the dump's rank
     * @param version  its {@code version}; nullable
     * @param lib      its {@code comm_lib_version}; nullable
     * @param artifact the dump's name
     */
    void add(int rank, String version, String lib, String artifact) {
        if (artifacts.putIfAbsent(rank, artifact) != null) return;
        if (version != null && !version.isBlank()) byField.computeIfAbsent("version", k -> new TreeMap<>()).put(rank, version);
        if (lib != null && !lib.isBlank()) byField.computeIfAbsent("comm_lib_version", k -> new TreeMap<>()).put(rank, lib);
    }

    /**
     * {@return a line per field the ranks' dumps disagree on, quoting each value with its ranks, on the dump of a rank
     * in the smallest group ({@code version=2.9 on rank(s) 3; version=2.10 on rank(s) 0, 1, 2}); empty when they agree}
     */
    List<EvidenceLine> disagreements() {
        List<EvidenceLine> lines = new ArrayList<>();
        byField.forEach((field, values) -> {
            Map<String, List<Integer>> ranks = new LinkedHashMap<>();
            values.forEach((rank, value) -> ranks.computeIfAbsent(value, k -> new ArrayList<>()).add(rank));
            if (ranks.size() < 2) return;
            List<Map.Entry<String, List<Integer>>> sides = new ArrayList<>(ranks.entrySet());
            sides.sort((a, b) -> Integer.compare(a.getValue().size(), b.getValue().size()));
            StringBuilder text = new StringBuilder();
            for (Map.Entry<String, List<Integer>> side : sides) {
                if (text.length() > 0) text.append("; ");
                text.append(field).append('=').append(side.getKey()).append(" on rank(s) ");
                List<Integer> list = side.getValue();
                for (int i = 0; i < list.size() && i < 8; i++) text.append(i > 0 ? ", " : "").append(list.get(i));
                if (list.size() > 8) text.append(" and ").append(list.size() - 8).append(" more");
            }
            lines.add(new EvidenceLine(artifacts.get(sides.get(0).getValue().get(0)), 0, text.toString()));
        });
        return lines;
    }
}

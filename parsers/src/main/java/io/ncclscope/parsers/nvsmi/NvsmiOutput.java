package io.ncclscope.parsers.nvsmi;

import static io.ncclscope.parsers.nvsmi.NvidiaSmiParser.MAX_GPUS;

import io.ncclscope.parsers.internal.Warnings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one parse of nvidia-smi output found, whatever form printed it: the GPUs (merged by UUID, bus id, then index),
 * the forms seen and where, the driver and CUDA versions, the echoed command and the tool's error messages.
 */
final class NvsmiOutput {

    final Warnings w;
    final List<GpuFacts> gpus = new ArrayList<>();
    private final Map<String, GpuFacts> byUuid = new HashMap<>();
    private final Map<String, GpuFacts> byBus = new HashMap<>();
    private final Map<Integer, GpuFacts> byIndex = new HashMap<>();
    int droppedGpus;
    /** The forms seen, each with the line it was first seen at. */
    final Map<NvsmiSource, Integer> sources = new LinkedHashMap<>();
    final List<NvsmiMessage> toolErrors = new ArrayList<>();
    /** A cut marker was skipped: the paste left lines out. */
    boolean linesLeftOut;
    String command;
    NvsmiSource commandForm;
    String timestamp;
    String driver;
    String cuda;
    Integer attached;

    NvsmiOutput(Warnings w) {
        this.w = w;
    }

    void source(NvsmiSource s, int line) {
        if (s != NvsmiSource.UNKNOWN) sources.putIfAbsent(s, line);
    }

    GpuFacts gpu(Integer index, String busId, String uuid, int line) {
        GpuFacts g = uuid == null ? null : byUuid.get(uuid);
        if (g == null && busId != null) g = byBus.get(busId);
        if (g == null && index != null) {
            GpuFacts c = byIndex.get(index);
            if (c != null && (c.busId == null || busId == null) && (c.uuid == null || uuid == null)) g = c;
        }
        if (g == null) {
            if (gpus.size() >= MAX_GPUS) {
                droppedGpus++;
                return new GpuFacts(line); // a throwaway, so callers need no null checks
            }
            g = new GpuFacts(line);
            gpus.add(g);
        }
        if (index != null && g.index == null) {
            g.index = index;
            byIndex.putIfAbsent(index, g);
        }
        if (busId != null && g.busId == null) {
            g.busId = busId;
            byBus.putIfAbsent(busId, g);
        }
        if (uuid != null && g.uuid == null) {
            g.uuid = uuid;
            byUuid.putIfAbsent(uuid, g);
        }
        return g;
    }
}

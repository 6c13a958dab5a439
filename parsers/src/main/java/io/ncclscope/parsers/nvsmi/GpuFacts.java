package io.ncclscope.parsers.nvsmi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A GPU being built from one or more forms of nvidia-smi output; {@link #build} makes its record. */
final class GpuFacts {
    final int line;
    Integer index;
    String busId;
    String name;
    String uuid;
    String serial;
    Integer minor;
    String arch;
    String virt;
    String persistence;
    String pstate;
    Integer genCur;
    Integer genMax;
    Integer genDevCur;
    Integer genDevMax;
    Integer genHostMax;
    Integer widthCur;
    Integer widthMax;
    int pcieLine;
    final List<NvLink> links = new ArrayList<>();
    boolean linksCapped;
    String nvlinkError;
    Integer gr;
    Integer sm;
    Integer mem;
    Integer video;
    Integer maxGr;
    Integer maxSm;
    Integer maxMem;
    Integer maxVideo;
    int clockLine;
    Long memTotal;
    Long memReserved;
    Long memUsed;
    Long memFree;
    int memLine;
    Map<String, String> csv;

    GpuFacts(int line) {
        this.line = line;
    }

    void pcieAt(int l) {
        if (pcieLine == 0) pcieLine = l;
    }

    void clockAt(int l) {
        if (clockLine == 0) clockLine = l;
    }

    void memAt(int l) {
        if (memLine == 0) memLine = l;
    }

    /** Sets the field a {@code nvidia-smi -q} path ({@code section/key}, lower case) names, by the section it is in. */
    void setQueryField(String path, String v, int n) {
        if (path.startsWith("pci/")) {
            GpuPcieFields.fromQuery(this, path, v, n);
        } else if (path.startsWith("clocks/") || path.startsWith("max clocks/")) {
            GpuClockFields.fromQuery(this, path, v, n);
        } else if (path.startsWith("fb memory usage/")) {
            GpuMemoryFields.fromQuery(this, path, v, n);
        } else {
            GpuIdentityFields.fromQuery(this, path, v, n);
        }
    }

    /** Sets the field a {@code --query-gpu} column names, by the section it is in. */
    void setCsvColumn(String col, String v, int n) {
        if (col.startsWith("pcie.")) {
            GpuPcieFields.fromCsv(this, col, v, n);
        } else if (col.startsWith("clocks.")) {
            GpuClockFields.fromCsv(this, col, v, n);
        } else if (col.startsWith("memory.")) {
            GpuMemoryFields.fromCsv(this, col, v, n);
        } else {
            GpuIdentityFields.fromCsv(this, col, v, n);
        }
    }

    NvsmiGpu build() {
        Integer gc = genCur != null ? genCur : genDevCur;
        Integer gm = genMax != null ? genMax : genDevMax;
        PcieLink pcie = pcieLine == 0 ? null
                : new PcieLink(gc, gm, genDevCur, genDevMax, genHostMax, widthCur, widthMax, pcieLine);
        GpuClocks clocks = clockLine == 0 ? null
                : new GpuClocks(gr, sm, mem, video, maxGr, maxSm, maxMem, maxVideo, clockLine);
        GpuMemory memory = memLine == 0 ? null : new GpuMemory(memTotal, memReserved, memUsed, memFree, memLine);
        return new NvsmiGpu(index, busId, name, uuid, serial, minor, arch, virt, persistence, pstate, pcie, links,
                nvlinkError, clocks, memory, csv, line);
    }
}

package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_VERSIONS;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.ArrayList;
import java.util.List;

/**
 * The versions a log prints: NCCL's {@code NCCL version 2.18.5+cuda12.2}, the version in PyTorch's NCCL error
 * reports, and {@code cudaDriverVersion 12020}.
 */
final class VersionLines {

    /** {@link #versionCode} before any NCCL version line was read. */
    static final int NO_VERSION_CODE = -1;

    private String ncclVersion;
    private String cudaVersion;
    /** The first NCCL version as NCCL's {@code NCCL_VERSION_CODE} (21803 for 2.18.3). */
    private int versionCode = NO_VERSION_CODE;
    private Integer cudaDriverVersion;
    private final List<VersionSeen> versions = new ArrayList<>();

    /** {@code NCCL version 2.18.5+cuda12.2} (NCCL) or {@code NCCL version 2.19.3} / {@code 21.1.4} (PyTorch). */
    void onVersion(String line, int no, int p, VersionSource source, String host) {
        int n = line.length();
        int e = p;
        while (e < n && line.charAt(e) != ' ' && line.charAt(e) != ',' && line.charAt(e) != '\t') e++;
        if (e == p || e - p > 40) return;
        String printed = line.substring(p, e);
        int plus = printed.indexOf('+');
        String ver = plus >= 0 ? printed.substring(0, plus) : printed;
        String cuda = plus >= 0 ? printed.substring(plus + 1) : null;
        if (cuda != null && cuda.startsWith("cuda")) cuda = cuda.substring(4);
        if (cuda != null && cuda.isEmpty()) cuda = null;
        int[] v = versionNumbers(ver);
        if (v == null) return;
        if (source == VersionSource.PYTORCH) v = decodedAsPyTorchPrintsIt(v);
        ver = v[0] + "." + v[1] + "." + v[2];
        if (source == VersionSource.NCCL && ncclVersion == null) {
            ncclVersion = ver;
            cudaVersion = cuda;
            versionCode = v[0] * 10000 + v[1] * 100 + v[2];
        }
        for (VersionSeen s : versions) {
            if (s.version().equals(ver) && s.source() == source) return;
        }
        if (versions.size() < MAX_VERSIONS) versions.add(new VersionSeen(ver, cuda, printed, source, host, no));
    }

    static int[] versionNumbers(String s) {
        int d1 = s.indexOf('.');
        int d2 = d1 < 0 ? -1 : s.indexOf('.', d1 + 1);
        if (d1 <= 0 || d2 <= d1 + 1) return null;
        int d3 = s.indexOf('.', d2 + 1);
        Integer a = ToolValues.integer(s.substring(0, d1));
        Integer b = ToolValues.integer(s.substring(d1 + 1, d2));
        Integer c = ToolValues.integer(s.substring(d2 + 1, d3 < 0 ? s.length() : d3));
        if (a == null || b == null || c == null || a < 0 || b < 0 || c < 0 || a > 99) return null;
        return new int[] {a, b, c};
    }

    /**
     * {@code major.minor.patch} of a printed version; PyTorch before 1.11 decoded NCCL_VERSION_CODE 21104 with the
     * pre-2.9 formula and printed 21.1.4 (corpus nccl-logs/nccl-577-1.txt): re-encoded and decoded with the current one.
     */
    static int[] decodedAsPyTorchPrintsIt(int[] v) {
        if (v[0] >= 10) {
            int code = v[0] * 1000 + v[1] * 100 + v[2];
            return new int[] {code / 10000, (code % 10000) / 100, code % 100};
        }
        return v;
    }

    /** {@code cudaDriverVersion 12020}: the first one counts. */
    void onCudaDriverVersion(String line, int from) {
        if (cudaDriverVersion == null) cudaDriverVersion = ToolValues.integer(line.substring(from));
    }

    boolean hasCudaDriverVersion() {
        return cudaDriverVersion != null;
    }

    int versionCode() {
        return versionCode;
    }

    /** The NCCL version the log prints, else the one PyTorch printed; null when none. */
    String bestVersion() {
        String version = ncclVersion;
        if (version == null) {
            for (VersionSeen v : versions) {
                if (v.source() == VersionSource.PYTORCH) {
                    version = v.version();
                    break;
                }
            }
        }
        return version;
    }

    String cudaVersion() {
        return cudaVersion;
    }

    Integer cudaDriverVersion() {
        return cudaDriverVersion;
    }

    List<VersionSeen> versions() {
        return versions;
    }
}

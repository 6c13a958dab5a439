package io.ncclscope.parsers.topo;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code nvidia-smi topo -m} (or {@code -mp}, {@code -p2p r|w|n|a|p}) printed: the GPUs with their
 * CPU/NUMA affinity, the NICs, and the matrix of connection words. When a capture holds several
 * matrices, the first topology matrix is the primary one here and the rest are in {@link #otherMatrices()}.
 *
 * @param matrixType    which matrix {@link #matrix()} is
 * @param command       the {@code nvidia-smi topo ...} command printed before it; null when none was
 * @param line          the 1-based line of its header; 0 when nothing was found
 * @param gpus          the GPU columns, in order
 * @param nics          the NIC (and other non-GPU) columns, in order
 * @param affinityColumns the affinity columns the header printed, in order: {@code CPU Affinity} (all
 *                      layouts), {@code NUMA Affinity}, {@code GPU NUMA ID} (newer ones); empty for p2p matrices
 * @param matrix        row name to column name to the cell word as printed ({@code NV18}, {@code PIX},
 *                      {@code SYS}, {@code X}, {@code OK}...); row and column names as printed in the header
 * @param otherMatrices further matrices of the same capture, in input order
 */
public record Topology(MatrixType matrixType, String command, int line, List<TopoGpu> gpus, List<TopoNic> nics,
                       List<String> affinityColumns, Map<String, Map<String, String>> matrix, List<TopoMatrix> otherMatrices) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones, rejects null where a component is required.
     *
     * @param matrixType    which matrix {@link #matrix()} is
     * @param command       the {@code nvidia-smi topo ...} command printed before it; null when none was
     * @param line          the 1-based line of its header; 0 when nothing was found
     * @param gpus          the GPU columns, in order
     * @param nics          the NIC (and other non-GPU) columns, in order
     * @param affinityColumns the affinity columns the header printed, in order: {@code CPU Affinity} (all
     *         layouts), {@code NUMA Affinity}, {@code GPU NUMA ID} (newer ones); empty for p2p matrices
     * @param matrix        row name to column name to the cell word as printed ({@code NV18}, {@code PIX},
     *         {@code SYS}, {@code X}, {@code OK}...); row and column names as printed in the header
     * @param otherMatrices further matrices of the same capture, in input order
     * @throws NullPointerException when a required component is null
     */
    public Topology {
        Objects.requireNonNull(matrixType, "matrixType");
        gpus = List.copyOf(gpus);
        nics = List.copyOf(nics);
        affinityColumns = List.copyOf(affinityColumns);
        matrix = copy(matrix);
        otherMatrices = List.copyOf(otherMatrices);
    }

    /** {@return a topology holding nothing, for input with no matrix} */
    public static Topology empty() {
        return new Topology(MatrixType.UNKNOWN, null, 0, List.of(), List.of(), List.of(), Map.of(), List.of());
    }

    static Map<String, Map<String, String>> copy(Map<String, Map<String, String>> m) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
        return Collections.unmodifiableMap(out);
    }

    /**
     * {@return the GPU named {@code name} ({@code GPU3})}
     *
     * @param name a GPU name
     */
    public Optional<TopoGpu> gpu(String name) {
        return gpus.stream().filter(g -> g.name().equals(name)).findFirst();
    }

    /**
     * {@return the GPU numbered {@code index}}
     *
     * @param index a GPU index
     */
    public Optional<TopoGpu> gpu(int index) {
        return gpus.stream().filter(g -> g.index() != null && g.index() == index).findFirst();
    }

    /**
     * {@return the NIC whose column name ({@code NIC0}) or device ({@code mlx5_0}) is {@code nameOrDevice}}
     *
     * @param nameOrDevice a NIC column name or device name
     */
    public Optional<TopoNic> nic(String nameOrDevice) {
        Optional<TopoNic> byName = nics.stream().filter(n -> n.name().equals(nameOrDevice)).findFirst();
        return byName.isPresent() ? byName : nics.stream().filter(n -> nameOrDevice.equals(n.device())).findFirst();
    }

    /** The column name for a GPU or NIC name, or a NIC device; null when none. */
    private String column(String name) {
        if (name == null) return null;
        if (matrix.containsKey(name) || gpu(name).isPresent()) return name;
        return nic(name).map(TopoNic::name).orElse(null);
    }

    /**
     * {@return the cell between two devices (GPU or NIC names as printed, or NIC devices such as {@code mlx5_0});
     * empty when either name is unknown}
     * Where the row is missing from a cut capture, a topology matrix answers with the mirrored cell
     * (topology matrices are symmetric; p2p matrices need not be).
     *
     * @param from a row name such as {@code GPU0}
     * @param to   a column name such as {@code NIC1}
     */
    public Optional<TopoPath> path(String from, String to) {
        String a = column(from);
        String b = column(to);
        if (a == null || b == null) return Optional.empty();
        String w = cell(a, b);
        if (w == null && !matrixType.isP2p()) w = cell(b, a);
        return w == null ? Optional.empty() : Optional.of(TopoPath.of(w));
    }

    private String cell(String row, String col) {
        Map<String, String> r = matrix.get(row);
        return r == null ? null : r.get(col);
    }

    /**
     * {@return the number of bonded NVLinks between two GPUs; empty when they are not NVLink-connected}
     *
     * @param gpuA a GPU name such as {@code GPU0}
     * @param gpuB another GPU name
     */
    public Optional<Integer> nvLinks(String gpuA, String gpuB) {
        return path(gpuA, gpuB).filter(TopoPath::isNvLink).map(TopoPath::links);
    }

    /**
     * {@return the NICs closest to {@code gpu} (lowest {@link PathType#rank()}, ties in column order); empty when
     * the GPU or NICs are unknown or the matrix holds no path words}
     *
     * @param gpu a GPU name such as {@code GPU0}
     */
    public List<TopoNic> nearestNics(String gpu) {
        int best = Integer.MAX_VALUE;
        List<TopoNic> out = new ArrayList<>();
        for (TopoNic n : nics) {
            Optional<TopoPath> p = path(gpu, n.name());
            if (p.isEmpty() || !p.get().type().isPath()) continue;
            int r = p.get().type().rank();
            if (r < best) {
                best = r;
                out.clear();
            }
            if (r == best) out.add(n);
        }
        return List.copyOf(out);
    }

    /**
     * {@return the first of {@link #nearestNics(String)}}
     *
     * @param gpu a GPU name such as {@code GPU0}
     */
    public Optional<TopoNic> nearestNic(String gpu) {
        List<TopoNic> n = nearestNics(gpu);
        return n.isEmpty() ? Optional.empty() : Optional.of(n.get(0));
    }

    /** {@return {@link #nearestNics(String)} for every GPU, in GPU order} */
    public Map<String, List<TopoNic>> nearestNicsByGpu() {
        Map<String, List<TopoNic>> out = new LinkedHashMap<>();
        for (TopoGpu g : gpus) out.put(g.name(), nearestNics(g.name()));
        return Collections.unmodifiableMap(out);
    }

    /** {@return true when every cell equals its mirror (where both were printed)} */
    public boolean isSymmetric() {
        for (Map.Entry<String, Map<String, String>> r : matrix.entrySet()) {
            for (Map.Entry<String, String> c : r.getValue().entrySet()) {
                String mirror = cell(c.getKey(), r.getKey());
                if (mirror != null && !mirror.equals(c.getValue())) return false;
            }
        }
        return true;
    }

    /**
     * {@return true when the paths put GPUs on more than one NUMA node: two groups of devices, each joined within a
     * NUMA node (PIX to NODE) and each holding a GPU, are SYS apart} By the matrix's legend, NODE stays within a NUMA
     * node and SYS crosses the SMP interconnect between NUMA nodes, so this holds whatever the NUMA Affinity column
     * says (a VM or a BIOS that exposes one NUMA node prints one for every GPU: corpus
     * topo/xuesongtap-nvidia-smi-more-2.txt).
     */
    public boolean pathsSpanNumaNodes() {
        List<String> names = new ArrayList<>();
        gpus.forEach(x -> names.add(x.name()));
        nics.forEach(x -> names.add(x.name()));
        int m = names.size();
        int[] parent = new int[m];
        for (int i = 0; i < m; i++) parent[i] = i;
        List<int[]> sys = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            for (int k = i + 1; k < m; k++) {
                Optional<TopoPath> p = path(names.get(i), names.get(k));
                if (p.isEmpty()) continue;
                PathType type = p.get().type();
                if (type == PathType.SYS || type == PathType.SOC) {
                    sys.add(new int[] {i, k});
                } else if (type.rank() >= PathType.PIX.rank() && type.rank() <= PathType.NODE.rank()) {
                    parent[root(parent, i)] = root(parent, k);
                }
            }
        }
        boolean[] hasGpu = new boolean[m];
        for (int i = 0; i < gpus.size(); i++) hasGpu[root(parent, i)] = true;
        for (int[] e : sys) {
            int ra = root(parent, e[0]);
            int rb = root(parent, e[1]);
            if (ra != rb && hasGpu[ra] && hasGpu[rb]) return true;
        }
        return false;
    }

    /** The representative of {@code i}'s group in a union-find forest, halving the path on the way. */
    private static int root(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    /** {@return the primary matrix as a {@link TopoMatrix}} */
    public TopoMatrix primary() {
        List<String> cols = new ArrayList<>();
        gpus.forEach(g -> cols.add(g.name()));
        nics.forEach(n -> cols.add(n.name()));
        return new TopoMatrix(matrixType, command, line, cols, matrix);
    }

    /**
     * {@return the first matrix of {@code type}, the primary one included}
     *
     * @param type a matrix type
     */
    public Optional<TopoMatrix> matrixOf(MatrixType type) {
        if (matrixType == type && line > 0) return Optional.of(primary());
        return otherMatrices.stream().filter(m -> m.type() == type).findFirst();
    }
}

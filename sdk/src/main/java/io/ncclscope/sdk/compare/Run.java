package io.ncclscope.sdk.compare;

import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsResult;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One nccl-tests run with where it came from.
 *
 * @param source   the artifact (file) name, or a label given by the caller
 * @param artifact the artifact it was read from; null when the caller passed parsed data
 * @param data     the parsed table
 */
public record Run(String source, Artifact artifact, NcclTestsData data) {

    /**
     * Creates the record: rejects null where a component is required.
     *
     * @param source   the artifact (file) name, or a label given by the caller
     * @param artifact the artifact it was read from; null when the caller passed parsed data
     * @param data     the parsed table
     * @throws NullPointerException when a required component is null
     */
    public Run {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(data, "data");
    }

    /** {@return ranks of the run: device lines, else the rank count implied by algbw/busbw of the largest row; null if unknown} */
    public Integer ranks() {
        if (data.ranks() != null) return data.ranks();
        NcclTestsRow r = data.largestRow().orElse(null);
        if (r == null || r.outOfPlace() == null) return null;
        NcclTestsResult o = r.outOfPlace();
        if (o.algbw() == null || o.busbw() == null || o.algbw() <= 0) return null;
        return io.ncclscope.parsers.tests.NcclTestsParser.inferRanks(data.collective(), o.algbw(), o.busbw());
    }

    /**
     * {@return the node count: distinct device hosts, else ranks / GPUs per process when one host shows; null if unknown}
     *
     */
    public Integer nodes() {
        if (!data.hosts().isEmpty()) return data.hosts().size();
        return null;
    }

    /** {@return GPUs per node: ranks / hosts when both are known; null otherwise} */
    public Integer gpusPerNode() {
        Integer r = ranks();
        Integer n = nodes();
        if (r == null || n == null || n == 0) return null;
        return Math.max(1, r / n);
    }

    /** {@return true when the run measures communication: more than one rank (a one-rank run measures nothing)} */
    public boolean judgeable() {
        Integer r = ranks();
        if (r != null) return r > 1;
        // No rank count at all: judge only when some busbw is above 0.
        for (NcclTestsRow row : data.rows()) {
            if (row.outOfPlace() != null && row.outOfPlace().busbw() != null && row.outOfPlace().busbw() > 0) return true;
        }
        return false;
    }

    /** The busbw readings of a row: out-of-place and in-place where printed. */
    static List<Double> busbw(NcclTestsRow row) {
        List<Double> v = new ArrayList<>(2);
        if (row.outOfPlace() != null && row.outOfPlace().busbw() != null) v.add(row.outOfPlace().busbw());
        if (row.inPlace() != null && row.inPlace().busbw() != null) v.add(row.inPlace().busbw());
        return v;
    }

    /** An evidence line for a source line of this run. */
    EvidenceLine quote(int line, String fallback) {
        if (artifact != null) return artifact.quote(line, fallback);
        return new EvidenceLine(source, line, fallback);
    }

    /** An evidence line for a row. */
    EvidenceLine quote(NcclTestsRow row) {
        return quote(row.line(), String.format(java.util.Locale.ROOT, "%d B busbw %s", row.size(), busbw(row)));
    }
}

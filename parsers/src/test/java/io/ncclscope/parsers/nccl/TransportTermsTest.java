package io.ncclscope.parsers.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.topo.PathType;
import org.junit.jupiter.api.Test;

/** {@link TransportTerms}: NCCL's path levels, switches, network names, connection paths and GDR lines. */
class TransportTermsTest {

    @Test
    void pathLevelsReachTopoPathTypesAndTheOldNumbersStillRead() {
        assertThat(TransportTerms.pathLevel("LOC")).contains(PathType.X);
        assertThat(TransportTerms.pathLevel("NVL")).contains(PathType.NV);
        assertThat(TransportTerms.pathLevel(" pix ")).contains(PathType.PIX);
        assertThat(TransportTerms.pathLevel("PXB")).contains(PathType.PXB);
        assertThat(TransportTerms.pathLevel("PHB")).contains(PathType.PHB);
        assertThat(TransportTerms.pathLevel("SYS")).contains(PathType.SYS);
        // ncclGetLevel's levelsOldToNew: 0 LOC, 1 PIX, 2 PXB, 3 PHB, 4 and 5 SYS
        assertThat(TransportTerms.pathLevel("0")).contains(PathType.X);
        assertThat(TransportTerms.pathLevel("1")).contains(PathType.PIX);
        assertThat(TransportTerms.pathLevel("2")).contains(PathType.PXB);
        assertThat(TransportTerms.pathLevel("3")).contains(PathType.PHB);
        assertThat(TransportTerms.pathLevel("5")).contains(PathType.SYS);
        assertThat(TransportTerms.pathLevel("NODE")).isEmpty();
        assertThat(TransportTerms.pathLevel(null)).isEmpty();
        assertThat(TransportTerms.DEFAULT_LEVEL).isEqualTo(PathType.PXB);
    }

    @Test
    void ncclReadsAPathLevelByItsNameAsPrintedOrByTheOldNumbers() {
        // src/graph/topo.cc topoPathTypeStr up to SYS, compared with strcmp; a leading digit is the old numbering
        assertThat(TransportTerms.PATH_LEVELS).containsExactly("LOC", "NVL", "NVB", "C2C", "PIX", "PXB", "P2C", "PXN",
                "PHB", "SYS");
        assertThat(TransportTerms.isPathLevel("PXN")).isTrue();
        assertThat(TransportTerms.isPathLevel("2")).isTrue();
        assertThat(TransportTerms.isPathLevel("pxb")).isFalse();
        assertThat(TransportTerms.isPathLevel("NODE")).isFalse();
        assertThat(TransportTerms.isPathLevel("")).isFalse();
        // every level topo -m has a path type for is read as one
        for (String level : TransportTerms.PATH_LEVELS) {
            if (!java.util.List.of("NVB", "C2C", "P2C", "PXN").contains(level)) {
                assertThat(TransportTerms.pathLevel(level)).as(level).isPresent();
            }
        }
    }

    @Test
    void aSwitchIsOnForADecimalIntegerOtherThanZero() {
        assertThat(TransportTerms.isOn("1")).isTrue();
        assertThat(TransportTerms.isOn(" 2 ")).isTrue();
        assertThat(TransportTerms.isOn("01")).isTrue();
        assertThat(TransportTerms.isOn("0")).isFalse();
        assertThat(TransportTerms.isOn("00")).isFalse();
        assertThat(TransportTerms.isOn("")).isFalse();
        assertThat(TransportTerms.isOn("true")).isFalse();
        assertThat(TransportTerms.isOn(null)).isFalse();
    }

    @Test
    void networkNames() {
        assertThat(TransportTerms.isRdma("IB")).isTrue();
        assertThat(TransportTerms.isRdma("IBext_v8")).isTrue();
        assertThat(TransportTerms.isRdma("Socket")).isFalse();
        assertThat(TransportTerms.isRdma("AWS Libfabric")).isFalse();
        assertThat(TransportTerms.isRdma(null)).isFalse();
        assertThat(TransportTerms.isSocket("Socket")).isTrue();
        assertThat(TransportTerms.isSocket("socket")).isTrue();
        assertThat(TransportTerms.isSocket("IB")).isFalse();
        assertThat(TransportTerms.isLibfabric("AWS Libfabric")).isTrue();
        assertThat(TransportTerms.isLibfabric("Libfabric")).isTrue();
        assertThat(TransportTerms.isLibfabric("IB")).isFalse();
        assertThat(TransportTerms.isLibfabric(null)).isFalse();
    }

    @Test
    void theNetDeviceIsTheLeadingDigitsOfAPathsThirdPart() {
        assertThat(TransportTerms.netDevice("NET/IB/3/GDRDMA")).hasValue(3);
        assertThat(TransportTerms.netDevice("NET/IB/3(1)/GDRDMA")).hasValue(3);
        assertThat(TransportTerms.netDevice("NET/Socket/12")).hasValue(12);
        assertThat(TransportTerms.netDevice("NET/IB/1234567")).hasValue(123456);
        assertThat(TransportTerms.netDevice("P2P/CUMEM/read")).isEmpty();
        assertThat(TransportTerms.netDevice("NET/IB")).isEmpty();
        assertThat(TransportTerms.netDevice(null)).isEmpty();
    }

    @Test
    void gdrLinesNameTheirHcaOrADistance() {
        // NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0' (corpus nccl-1537-1.txt)
        assertThat(TransportTerms.gdrHca("NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'")).contains("mlx5_0");
        assertThat(TransportTerms.gdrHca("GPU Direct RDMA Disabled for HCA 0")).isEmpty();
        assertThat(TransportTerms.isGdrDistance("NET/IB : GPU Direct RDMA Disabled for GPU 0 / HCA 0 (distance 4 >= 2)")).isTrue();
        assertThat(TransportTerms.isGdrDistance("NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'")).isFalse();
    }
}

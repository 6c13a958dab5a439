package io.ncclscope.sdk.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.ncclscope.parsers.tests.Collective;
import io.ncclscope.sdk.bandwidth.HardwareModel.Expectation;
import io.ncclscope.sdk.bandwidth.HardwareModel.GpuModel;
import io.ncclscope.sdk.bandwidth.HardwareModel.NvlinkGen;
import org.junit.jupiter.api.Test;

/** The model against published reference points; each source is cited where it is used. */
class HardwareModelTest {

    static GpuModel gpu(String name) {
        return HardwareModel.gpu(name).orElseThrow();
    }

    @Test
    void perLinkFiguresAreNcclsOwn() {
        // NCCL src/graph/topo.h: SM80_NVLINK_BW 20.0, SM90_NVLINK_BW 20.6, SM100_NVLINK_BW 40.1 GB/s.
        assertThat(gpu("NVIDIA A100-SXM4-40GB").nvlink()).isEqualTo(NvlinkGen.NVLINK3);
        assertThat(gpu("NVIDIA H100 80GB HBM3").nvlink().perLinkGBs()).isEqualTo(20.6);
        assertThat(gpu("NVIDIA H200").nvlink().perLinkGBs()).isEqualTo(20.6);
        assertThat(gpu("NVIDIA B200").nvlink().perLinkGBs()).isEqualTo(40.1);
        assertThat(gpu("NVIDIA GH200 120GB").family()).isEqualTo("GH200");
        assertThat(gpu("NVIDIA GeForce RTX 2080 Ti").hasNvlink()).isFalse();
        assertThat(gpu("NVIDIA GeForce RTX 2080 Ti").pcieGen()).isEqualTo(3);
        assertThat(gpu("NVIDIA GeForce RTX 4090").pcieGen()).isEqualTo(4);
        assertThat(HardwareModel.gpu("Some Unknown Accelerator")).isEmpty();
    }

    @Test
    void pcieAndNicRates() {
        // NCCL's PCIe model: Gen3 x16 ~12, Gen4 x16 ~24, Gen5 x16 ~48 GB/s.
        assertThat(HardwareModel.pcieGBs(3, 16)).isEqualTo(12.0);
        assertThat(HardwareModel.pcieGBs(4, 16)).isEqualTo(24.0);
        assertThat(HardwareModel.pcieGBs(5, 16)).isEqualTo(48.0);
        assertThat(HardwareModel.pcieGBs(4, 8)).isEqualTo(12.0);
        // Our H200 capture (examples/captured/h200-1gpu/sys/h2d-bw.txt) measured ~55 GB/s host copy on Gen5 x16:
        // above NCCL's conservative 48, below the 63 GB/s signalling rate.
        assertThat(55.4).isBetween(HardwareModel.pcieGBs(5, 16), 63.0);
        // HDR 200 Gb/s = 25 GB/s on the wire, ~24 for NCCL (sjeaugey, nccl-tests#119); NDR 400 = 50 GB/s.
        assertThat(HardwareModel.lineGBs(200)).isEqualTo(25.0);
        assertThat(HardwareModel.lineGBs(400)).isEqualTo(50.0);
        assertThat(HardwareModel.nicGBs(200)).isCloseTo(24.0, within(0.01));
        // TCP: the NIC speed less NCCL's socket overheads.
        assertThat(HardwareModel.tcpGBs(100_000)).isLessThan(12.5);
    }

    @Test
    void busBandwidthFactorsAndTheSingleRankTrap() {
        assertThat(HardwareModel.busBwFactor(Collective.ALL_REDUCE, 8)).isEqualTo(1.75);
        assertThat(HardwareModel.busBwFactor(Collective.ALL_GATHER, 16)).isEqualTo(15.0 / 16);
        // One rank: all_reduce moves nothing (factor 0), so its busbw measures nothing.
        assertThat(HardwareModel.busBwFactor(Collective.ALL_REDUCE, 1)).isEqualTo(0.0);
        assertThat(HardwareModel.intraNode(gpu("NVIDIA H200"), 1, null, null, null)).isEmpty();
    }

    @Test
    void singleNode8xA100AllReduceAbout230() {
        // NVIDIA DGX A100 / nccl-tests README performance notes: all_reduce busbw ~230 GB/s on 8x A100 NVSwitch;
        // corpus superbenchmark-testdata-nccl_reduce.txt measures 228-231.
        Expectation e = HardwareModel.intraNode(gpu("NVIDIA A100-SXM4-80GB"), 8, null, null, null).orElseThrow();
        assertThat(e.gbs()).isEqualTo(240.0);
        assertThat(230 / e.gbs()).isGreaterThan(Judge.WARN_RATIO).isLessThanOrEqualTo(1.0);
    }

    @Test
    void singleNode8xH100Ring370Nvls480() {
        // NVIDIA/nccl-tests#212 (maintainer): ~370 GB/s ring, ~480 GB/s with NVLS on 8x H100; NVLS exceeds the
        // per-GPU NVLink figure because the switch reduces: a measurement above the expectation is never a fault.
        Expectation e = HardwareModel.intraNode(gpu("NVIDIA H100 80GB HBM3"), 8, null, null, null).orElseThrow();
        assertThat(e.gbs()).isCloseTo(370.8, within(0.01));
        assertThat(370 / e.gbs()).isGreaterThan(0.99);
        assertThat(480 / e.gbs()).isGreaterThan(1.0);
    }

    @Test
    void twoNodes8xHdrAbout192() {
        // NVIDIA/nccl-tests#119 (sjeaugey): ~24 GB/s per 200G NIC is peak, 2-node all_reduce on 8 HDR NICs ~192 GB/s.
        Expectation intra = HardwareModel.intraNode(gpu("NVIDIA A100-SXM4-80GB"), 8, null, null, null).orElseThrow();
        Expectation e = HardwareModel.endToEnd(intra, 8, 200);
        assertThat(e.gbs()).isCloseTo(192.0, within(0.01));
        // 4 x 200G NICs per node -> 96 GB/s, the figure the maintainer named for that thread.
        assertThat(HardwareModel.endToEnd(intra, 4, 200).gbs()).isCloseTo(96.0, within(0.01));
    }

    @Test
    void b200AndPcieOnlyNodes() {
        Expectation b = HardwareModel.intraNode(gpu("NVIDIA B200"), 8, null, null, null).orElseThrow();
        assertThat(b.gbs()).isCloseTo(721.8, within(0.01));
        Expectation p = HardwareModel.intraNode(gpu("NVIDIA GeForce RTX 2080 Ti"), 2, null, null, null).orElseThrow();
        assertThat(p.gbs()).isEqualTo(12.0);
        // Links seen in nvidia-smi topo (NV#) override the model's full count.
        assertThat(HardwareModel.intraNode(gpu("NVIDIA A100-SXM4-40GB"), 8, 6, null, null).orElseThrow().gbs()).isEqualTo(120.0);
    }
}

package io.ncclscope.sdk.diagnose.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.topo.PathType;
import io.ncclscope.parsers.topo.TopoPath;
import org.junit.jupiter.api.Test;

/**
 * {@link TransportJob#levelKeepsOff}, the one rule GdrCheck and P2pCheck read an {@code NCCL_NET_GDR_LEVEL} or
 * {@code NCCL_P2P_LEVEL} by: which paths a level keeps GDR or P2P off.
 */
class LevelKeepsOffTest {

    private static final TopoPath NV4 = TopoPath.of("NV4");
    private static final TopoPath PIX = TopoPath.of("PIX");
    private static final TopoPath PHB = TopoPath.of("PHB");
    private static final TopoPath SYS = TopoPath.of("SYS");

    @Test
    void locAndNvlKeepEveryPathOffKnownOrNot() {
        for (PathType level : new PathType[] {PathType.X, PathType.NV}) {
            for (TopoPath path : new TopoPath[] {NV4, PIX, SYS, null}) {
                assertThat(TransportJob.levelKeepsOff(level, path)).as(level + " " + path).isTrue();
            }
        }
    }

    @Test
    void aFartherLevelKeepsOffThePathsBeyondItOnly() {
        assertThat(TransportJob.levelKeepsOff(PathType.PXB, PIX)).isFalse();
        assertThat(TransportJob.levelKeepsOff(PathType.PXB, PHB)).isTrue();
        assertThat(TransportJob.levelKeepsOff(PathType.PHB, PHB)).isFalse();
        assertThat(TransportJob.levelKeepsOff(PathType.PHB, SYS)).isTrue();
        // an unknown path, or a word of topo -p2p, is no path a level can be judged by
        assertThat(TransportJob.levelKeepsOff(PathType.PXB, null)).isFalse();
        assertThat(TransportJob.levelKeepsOff(PathType.PXB, TopoPath.of("CNS"))).isFalse();
    }

    @Test
    void noLevelKeepsNothingOff() {
        assertThat(TransportJob.levelKeepsOff(null, SYS)).isFalse();
        assertThat(TransportJob.levelKeepsOff(null, null)).isFalse();
    }
}

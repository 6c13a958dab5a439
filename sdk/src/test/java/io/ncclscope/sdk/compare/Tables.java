package io.ncclscope.sdk.compare;

import io.ncclscope.sdk.evidence.Evidence;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;

/** Small nccl-tests tables written for the tests (not real measurements). */
final class Tables {

    static final Path EXAMPLES = Path.of("../examples");

    private Tables() {
    }

    /**
     * An all_reduce table on {@code nodes} hosts of {@code gpn} GPUs, sizes 1 MiB to 1 GiB, plateau {@code peak}
     * GB/s busbw; every other large size dips by {@code jitter} (0.3 = 30 %) in place.
     */
    static String table(String command, int nodes, int gpn, double peak, double jitter) {
        StringBuilder sb = new StringBuilder();
        if (command != null) sb.append("$ ").append(command).append('\n');
        sb.append("# nThread 1 nGpus 1 minBytes 1048576 maxBytes 1073741824 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n");
        sb.append("#\n# Using devices\n");
        int r = 0;
        for (int n = 0; n < nodes; n++) {
            for (int d = 0; d < gpn; d++) {
                sb.append(String.format(Locale.ROOT, "#  Rank %2d Group  0 Pid %6d on     node-%d device  %d [0x%02x] NVIDIA H100 80GB HBM3%n",
                        r++, 1000 + d, n + 1, d, 0x10 + d));
            }
        }
        int ranks = nodes * gpn;
        double f = ranks > 1 ? 2.0 * (ranks - 1) / ranks : 0;
        sb.append("#\n#                                                              out-of-place                       in-place\n");
        sb.append("#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n");
        sb.append("#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n");
        int i = 0;
        for (long s = 1L << 20; s <= 1L << 30; s *= 2, i++) {
            double ramp = s / (s + 4.0e6);
            double bus = peak * (s >= 1L << 25 ? 1.0 : ramp);
            double busIp = (i % 2 == 1 && s >= 1L << 25) ? bus * (1 - jitter) : bus;
            double alg = f > 0 ? bus / f : peak;
            double algIp = f > 0 ? busIp / f : peak;
            if (ranks == 1) {
                bus = 0;
                busIp = 0;
            }
            sb.append(String.format(Locale.ROOT, "%12d  %12d     float     sum      -1  %7.1f  %6.2f  %6.2f      0  %7.1f  %6.2f  %6.2f      0%n",
                    s, s / 4, s / (alg * 1e3), alg, bus, s / (algIp * 1e3), algIp, busIp));
        }
        sb.append("# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 1.0\n#\n");
        return sb.toString();
    }

    static Evidence evidence(String name, String text) {
        return Evidence.builder().addText(name, text).build();
    }

    static Evidence path(Path p) {
        try {
            return Evidence.builder().addPath(p).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

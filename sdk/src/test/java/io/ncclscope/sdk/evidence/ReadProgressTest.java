package io.ncclscope.sdk.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.Options;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The progress hook of {@link NcclScope#analyze(Options, ReadProgress, Path...)}: it counts, and changes nothing. */
class ReadProgressTest {

    private static final Path CAPTURED = Path.of("../examples/captured/h200-1gpu");

    private static final class Counts implements ReadProgress {
        final AtomicLong bytes = new AtomicLong();
        final AtomicLong nodes = new AtomicLong();

        @Override
        public void bytesRead(long n) {
            bytes.addAndGet(n);
        }

        @Override
        public void nodeRead() {
            nodes.incrementAndGet();
        }
    }

    @Test
    void countsEveryByteOfTheFilesAndEachNodeAndGivesTheSameReport() throws IOException {
        Counts counts = new Counts();
        String with = NcclScope.render(NcclScope.analyze(Options.DEFAULTS, counts, CAPTURED), Format.JSON);
        String without = NcclScope.render(NcclScope.analyze(Options.DEFAULTS, CAPTURED), Format.JSON);

        assertThat(with).isEqualTo(without);
        // Every file but the node marker meta.txt, which names the node and is not parsed.
        long size;
        try (Stream<Path> s = Files.walk(CAPTURED)) {
            size = s.filter(Files::isRegularFile).filter(p -> !Evidence.NODE_MARKERS.contains(p.getFileName().toString()))
                    .mapToLong(p -> p.toFile().length()).sum();
        }
        assertThat(counts.bytes.get()).isEqualTo(size);
        assertThat(counts.nodes.get()).isEqualTo(1);
    }

    @Test
    void countsTheBytesOfOneLooseFile() throws IOException {
        Path log = CAPTURED.resolve("nccl/info-1rank.log");
        Counts counts = new Counts();
        NcclScope.analyze(Options.DEFAULTS, counts, log);
        assertThat(counts.bytes.get()).isEqualTo(Files.size(log));
    }
}

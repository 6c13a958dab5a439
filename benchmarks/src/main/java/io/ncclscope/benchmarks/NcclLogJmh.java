package io.ncclscope.benchmarks;

import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclLogParser;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH: {@link NcclLogParser} over an in-memory log of about 16 MiB generated from the corpus ({@link NcclLogGenerator}),
 * without file I/O and UTF-8 decoding. Run with
 * {@code java -cp <benchmarks classes + deps> org.openjdk.jmh.Main NcclLogJmh -p corpus=../shared/corpus}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class NcclLogJmh {

    /** Corpus root (with {@code nccl-logs/}). */
    @org.openjdk.jmh.annotations.Param("../shared/corpus")
    public String corpus;

    private String log;

    @Setup
    public void setUp() throws IOException {
        log = NcclLogGenerator.fromCorpus(Path.of(corpus)).generate(16 << 20);
    }

    /** One parse of the whole log. */
    @Benchmark
    public NcclLog parse() throws IOException {
        return new NcclLogParser().parse(new StringReader(log), ParseLimits.DEFAULTS).data();
    }
}

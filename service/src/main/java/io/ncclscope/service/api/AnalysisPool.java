package io.ncclscope.service.api;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.ncclscope.service.config.ServiceConfig;
import io.ncclscope.service.problem.ProblemException;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where the heavy work runs: a fixed pool of {@code max-concurrent-analyses} threads (default: the cores) with a
 * bounded queue, off the Vert.x event loop. A full queue answers 503 at once; a request that waits and runs longer
 * than {@code request-timeout} is cancelled and answers 503. Each run is timed in the {@code ncclscope.analysis}
 * timer, tagged with the operation and its outcome.
 */
@ApplicationScoped
public class AnalysisPool {

    private final ThreadPoolExecutor executor;
    private final Duration timeout;
    private final MeterRegistry registry;
    private final int threads;

    AnalysisPool(ServiceConfig config, MeterRegistry registry) {
        this.threads = config.maxConcurrentAnalyses().orElse(Runtime.getRuntime().availableProcessors());
        if (threads < 1) throw new IllegalArgumentException("ncclscope.service.max-concurrent-analyses must be at least 1");
        this.timeout = config.requestTimeout();
        this.registry = registry;
        AtomicInteger n = new AtomicInteger();
        this.executor = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(Math.max(1, config.queueSize())), r -> {
                    Thread t = new Thread(r, "ncclscope-analysis-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        Gauge.builder("ncclscope.analysis.active", executor, ThreadPoolExecutor::getActiveCount)
                .description("analyses running now").register(registry);
        Gauge.builder("ncclscope.analysis.queued", executor, e -> e.getQueue().size())
                .description("analyses waiting for a free slot").register(registry);
    }

    /** Analyses that may run at once. */
    public int threads() {
        return threads;
    }

    /** Analyses running now. */
    public int active() {
        return executor.getActiveCount();
    }

    /** Runs {@code task} in the pool and waits for it; problems of the task come out as they were thrown. */
    public <T> T run(String operation, Callable<T> task) {
        long start = System.nanoTime();
        String outcome = "error";
        Future<T> f;
        try {
            f = executor.submit(task);
        } catch (RejectedExecutionException e) {
            record(operation, "busy", start);
            throw new ProblemException(503, "busy", "the service is busy: " + threads + " analyses running and the queue is "
                    + "full; retry in a moment");
        }
        try {
            T v = f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            outcome = "ok";
            return v;
        } catch (TimeoutException e) {
            f.cancel(true);
            outcome = "timeout";
            throw new ProblemException(503, "timeout", "the analysis did not finish within " + timeout.toSeconds()
                    + " s (ncclscope.service.request-timeout); send less at once, or run 'ncclscope analyze' locally");
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw new ProblemException(503, "timeout", "the request was interrupted");
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof ProblemException p) {
                outcome = "rejected";
                throw p;
            }
            if (c instanceof RuntimeException r) throw r;
            if (c instanceof Error err) throw err;
            throw new IllegalStateException(c);
        } finally {
            record(operation, outcome, start);
        }
    }

    private void record(String operation, String outcome, long start) {
        Timer.builder("ncclscope.analysis").description("time of one analysis request in the pool, waiting included")
                .tag("operation", operation).tag("outcome", outcome)
                .register(registry).record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }

    void stop(@Observes ShutdownEvent ev) {
        executor.shutdownNow();
    }
}

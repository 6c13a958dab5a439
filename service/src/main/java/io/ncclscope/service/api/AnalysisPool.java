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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where the heavy work runs: a fixed pool of {@code max-concurrent-analyses} threads (default: the cores) with a
 * bounded queue, off the Vert.x event loop. A full queue answers 503 at once; a request that waits and runs longer
 * than {@code request-timeout} is cancelled and answers 503. Each run is timed in the {@code ncclscope.analysis}
 * timer, tagged with the operation and its outcome.
 *
 * <p>{@link #submit} is the asynchronous form for endpoints that return a {@code CompletionStage}: the request thread
 * (the event loop) hands the task over and is free at once, and the answer is written when the task ends, with no
 * worker thread parked in between. Same bound, queue, timeout and timer as {@link #run}.
 */
@ApplicationScoped
public class AnalysisPool {

    private final ThreadPoolExecutor executor;
    private final Duration timeout;
    private final MeterRegistry registry;
    private final int threads;
    /** Fires the timeouts of {@link #submit}; one thread that sleeps until the earliest deadline. */
    private final ScheduledThreadPoolExecutor deadlines;
    /** Deletes the files of cancelled analyses, so that a slot is free again as soon as its task stops. */
    private final java.util.concurrent.ExecutorService cleanup = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "ncclscope-cleanup");
        t.setDaemon(true);
        return t;
    });
    /** The timer of each operation and outcome, registered once instead of looked up on every request. */
    private final ConcurrentHashMap<String, Timer> timers = new ConcurrentHashMap<>();

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
        this.deadlines = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "ncclscope-analysis-deadlines");
            t.setDaemon(true);
            return t;
        });
        deadlines.setRemoveOnCancelPolicy(true);
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
            throw busy();
        }
        try {
            T v = f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            outcome = "ok";
            return v;
        } catch (TimeoutException e) {
            f.cancel(true);
            outcome = "timeout";
            throw timedOut();
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

    /**
     * Runs {@code task} in the pool without waiting for it: the stage completes with its value, with the problem it
     * threw (as it was thrown), or with a 503 problem when the queue is full or {@code request-timeout} passes first (the
     * task is then cancelled). A full queue throws the 503 problem at once.
     */
    public <T> CompletionStage<T> submit(String operation, Callable<T> task) {
        long start = System.nanoTime();
        CompletableFuture<T> result = new CompletableFuture<>();
        Future<?> running;
        try {
            running = executor.submit(() -> {
                try {
                    T v = task.call();
                    if (result.complete(v)) record(operation, "ok", start);
                } catch (Throwable e) {
                    // As run() throws them: unchecked ones as they are, checked ones wrapped.
                    Throwable t = e instanceof RuntimeException || e instanceof Error ? e : new IllegalStateException(e);
                    if (result.completeExceptionally(t)) record(operation, t instanceof ProblemException ? "rejected" : "error", start);
                }
            });
        } catch (RejectedExecutionException e) {
            record(operation, "busy", start);
            throw busy();
        }
        ScheduledFuture<?> deadline = deadlines.schedule(() -> {
            if (result.completeExceptionally(timedOut())) {
                running.cancel(true);
                record(operation, "timeout", start);
            }
        }, timeout.toNanos(), TimeUnit.NANOSECONDS);
        result.whenComplete((v, e) -> deadline.cancel(false));
        return result;
    }

    /**
     * Deletes a task's temporary folder on the cleanup thread, after the answer: deleting what an archive laid out
     * (20,000 folders took 35 s on a busy disk) neither delays the answer nor holds a slot that normal requests wait
     * for, also when the task was cancelled because its request timed out.
     *
     * @param dir the folder, with everything in it
     */
    public void cleanUp(java.nio.file.Path dir) {
        try {
            cleanup.execute(() -> delete(dir));
        } catch (RejectedExecutionException e) {
            delete(dir); // shutting down
        }
    }

    private static void delete(java.nio.file.Path dir) {
        try {
            io.ncclscope.collect.BundleArchive.delete(dir);
        } catch (java.io.IOException e) {
            io.quarkus.logging.Log.warnf("could not delete %s: %s", dir, e.getMessage());
        }
    }

    private ProblemException busy() {
        return new ProblemException(503, "busy", "the service is busy: " + threads + " analyses running and the queue is "
                + "full; retry in a moment");
    }

    private ProblemException timedOut() {
        return new ProblemException(503, "timeout", "the analysis did not finish within " + timeout.toSeconds()
                + " s (ncclscope.service.request-timeout); send less at once, or run 'ncclscope analyze' locally");
    }

    private void record(String operation, String outcome, long start) {
        timers.computeIfAbsent(operation + '|' + outcome, k -> Timer.builder("ncclscope.analysis")
                        .description("time of one analysis request in the pool, waiting included")
                        .tag("operation", operation).tag("outcome", outcome).register(registry))
                .record(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }

    void stop(@Observes ShutdownEvent ev) {
        deadlines.shutdownNow();
        executor.shutdownNow();
        cleanup.shutdown();
    }
}

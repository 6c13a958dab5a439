package io.ncclscope.cli;

import io.ncclscope.sdk.evidence.ReadProgress;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * The progress line of a long {@code analyze} on stderr: bytes read of the total, nodes read, the rate and the time
 * left, redrawn in place ({@code \r}) at most four times a second, and wiped before the report is printed. Nothing is
 * drawn in the first second, so a short run shows nothing. Only for a terminal: {@link #stderrIsTerminal()} decides,
 * {@code --quiet} turns it off.
 *
 * <pre>
 * ncclscope: 412.3 of 1,073.7 MB read (38%), 57.1 MB/s, 12 s left
 * ncclscope: 181.5 of 268.7 MB read (67%), 690 nodes, 95.4 MB/s, 1 s left
 * </pre>
 */
final class Progress implements ReadProgress, AutoCloseable {

    /** Nothing is drawn before this much time has gone by. */
    static final long QUIET_NANOS = 1_000_000_000L;
    /** Time between two redraws. */
    static final long PERIOD_MILLIS = 250;

    private final PrintWriter err;
    private final LongSupplier nanoClock;
    private final long start;
    private final LongAdder bytes = new LongAdder();
    private final LongAdder nodes = new LongAdder();
    private volatile long totalBytes = -1;
    private int drawn;
    private boolean closed;
    private Thread ticker;

    /**
     * A progress line that draws only when {@link #draw()} is called (tests; {@link #start} adds the timer).
     *
     * @param err        where the line goes
     * @param totalBytes the bytes of the input files, or -1 while unknown
     * @param nanoClock  the clock, as {@link System#nanoTime()}
     */
    Progress(PrintWriter err, long totalBytes, LongSupplier nanoClock) {
        this.err = err;
        this.totalBytes = totalBytes;
        this.nanoClock = nanoClock;
        this.start = nanoClock.getAsLong();
    }

    /**
     * Starts the progress line of reading {@code paths}: a daemon thread sums the files' sizes, then redraws the line
     * every {@link #PERIOD_MILLIS} until {@link #close()}.
     */
    static Progress start(PrintWriter err, List<Path> paths) {
        Progress p = new Progress(err, -1, System::nanoTime);
        Thread t = new Thread(() -> p.run(paths), "ncclscope-progress");
        t.setDaemon(true);
        p.ticker = t;
        t.start();
        return p;
    }

    private void run(List<Path> paths) {
        totalBytes = sizeOf(paths);
        try {
            while (!Thread.currentThread().isInterrupted()) {
                draw();
                Thread.sleep(PERIOD_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The bytes of every regular file under {@code paths}; files that cannot be sized count nothing. */
    static long sizeOf(List<Path> paths) {
        long sum = 0;
        for (Path p : paths) {
            try (Stream<Path> s = Files.walk(p)) {
                sum += s.filter(Files::isRegularFile).mapToLong(Progress::size).sum();
            } catch (IOException | java.io.UncheckedIOException e) {
                // A folder that cannot be listed is the SDK's to report; the total is then short.
            }
        }
        return sum;
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            return 0;
        }
    }

    @Override
    public void bytesRead(long n) {
        bytes.add(n);
    }

    @Override
    public void nodeRead() {
        nodes.increment();
    }

    /** Redraws the line when the quiet first second is over; a no-op once closed. */
    synchronized void draw() {
        if (closed) return;
        long elapsed = nanoClock.getAsLong() - start;
        if (elapsed < QUIET_NANOS) return;
        String line = line(bytes.sum(), totalBytes, nodes.sum(), elapsed);
        StringBuilder sb = new StringBuilder(line.length() + drawn + 1).append('\r').append(line);
        for (int i = line.length(); i < drawn; i++) sb.append(' ');
        err.print(sb);
        err.flush();
        drawn = line.length();
    }

    /** Stops redrawing and wipes the line, so what follows on the terminal starts on a clean line. */
    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            closed = true;
            t = ticker;
            if (drawn > 0) {
                err.print("\r" + " ".repeat(drawn) + "\r");
                err.flush();
                drawn = 0;
            }
        }
        if (t != null) t.interrupt();
    }

    /**
     * The line for {@code done} bytes of {@code total} (-1: not summed yet) and {@code nodeCount} nodes after
     * {@code elapsedNanos}.
     */
    static String line(long done, long total, long nodeCount, long elapsedNanos) {
        double seconds = elapsedNanos / 1e9;
        double rate = seconds > 0 ? done / seconds : 0;
        StringBuilder sb = new StringBuilder("ncclscope: ");
        if (total > 0 && done < total) {
            sb.append(mb(done)).append(" of ").append(mb(total)).append(" MB read (")
                    .append(done * 100 / total).append("%)");
        } else {
            sb.append(mb(done)).append(" MB read");
        }
        if (nodeCount > 0) sb.append(", ").append(nodeCount).append(nodeCount == 1 ? " node" : " nodes");
        sb.append(", ").append(String.format(Locale.ROOT, "%.1f", rate / 1e6)).append(" MB/s");
        if (total > 0 && done >= total) {
            sb.append("; analyzing");
        } else if (total > 0 && rate > 0) {
            sb.append(", ").append(duration((total - done) / rate)).append(" left");
        }
        return sb.toString();
    }

    /** Megabytes (10^6 bytes) with one decimal and thousands separators: {@code 1,073.7}. */
    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%,.1f", bytes / 1e6);
    }

    /** {@code 12 s}, {@code 3 min 05 s}. */
    private static String duration(double seconds) {
        long s = (long) Math.ceil(seconds);
        if (s < 60) return s + " s";
        return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
    }

    /**
     * Whether stderr is a terminal: on Linux, what {@code /proc/self/fd/2} points to (a tty or pty device); elsewhere
     * {@link System#console()} (stdin and stdout on a terminal), the nearest the JDK 17 API has. {@code TERM=dumb}
     * counts as no terminal.
     */
    static boolean stderrIsTerminal() {
        if ("dumb".equals(System.getenv("TERM"))) return false;
        Path fd = Path.of("/proc/self/fd/2");
        if (Files.exists(Path.of("/proc/self/fd"))) {
            try {
                String target = Files.readSymbolicLink(fd).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            } catch (IOException | UnsupportedOperationException e) {
                return false;
            }
        }
        return System.console() != null;
    }
}

package io.ncclscope.sdk.evidence;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Reads files and folders one node at a time and hands each node's {@linkplain Evidence#slices() slice} on as soon
 * as it is read, so that a bundle of a thousand nodes is never held whole: the receiver (analyzer passes) keeps what
 * it needs and the slice's parsed facts go. The slices are those of the evidence that {@link Evidence.Builder#addPath}
 * would build from the same paths, nodes named the same way.
 *
 * <p>A node folder whose files all belong to its one node is handed on at once. The rest is held and handed on at
 * the end, as the slices of the held evidence: loose files, files of no node or of several hosts, folders that name
 * one node twice (two collect bundles of one node), and folders whose content names another node that a folder of
 * its own name also holds (read together with that folder, whichever comes first).
 *
 * <p>Every node's artifacts must reach the passes in one slice: a pass compares nodes slice by slice and lets each
 * slice's parsed facts go once read, so files of a node found after its slice was handed on cannot join it. That
 * happens only when a node's own folder is read before a loose file or a folder of another name whose content names
 * that node; then the read cannot be streamed ({@link UnstreamableException}) and the caller reads the whole
 * evidence instead, with the same report.
 *
 * <p>The files of many folders are parsed at once on a pool of one thread per core, each folder's evidence built and
 * (with a summarizing function) read into the receiver's per-node summaries there too, while a thread of the
 * stream's own hands the folders on to the receiver, in reading order: only the receiver's fold of each node runs in
 * order. Not thread-safe; one read per instance.
 */
public final class NodeStream {

    /** Parse about this many files at once, or hold them parsed until handed on: enough to keep the cores busy, few enough to hold. */
    private static final int FILES_IN_FLIGHT = 512;

    private final Evidence.Builder template;
    private final List<Evidence.Problem> problems = new ArrayList<>();
    /** The file limit's problem, listed before those of reading (as {@link Evidence.Builder#addPath} lists them). */
    private final List<Evidence.Problem> takeProblems = new ArrayList<>();
    private final Set<String> fed = new HashSet<>();
    private final Set<String> heldNodes = new HashSet<>();
    private final List<Evidence> held = new ArrayList<>();
    private int nodes;

    /**
     * The read of a node that had been handed on already: the evidence must be read whole.
     */
    public static final class UnstreamableException extends Exception {
        private static final long serialVersionUID = 1L;

        UnstreamableException(String node) {
            super("node " + node + " has files in more than one folder");
        }
    }

    /**
     * A stream reading under the limits of {@code template} (its parse limits, kept text and most files).
     *
     * @param template a builder set up with the options to read by; nothing is added to it
     */
    public NodeStream(Evidence.Builder template) {
        this.template = Objects.requireNonNull(template, "template");
    }

    /** One thing to read: a node folder under a root, or a loose file. */
    private record Unit(Path root, Path folder, String node, Evidence.Builder.FileTask file) {
    }

    /**
     * Reads {@code paths} (files or folders, as {@link Evidence.Builder#addPath(Path)} takes them) and hands every
     * slice to {@code sink}.
     *
     * @param paths files or folders
     * @param sink  receives each slice once; it may drop it
     * @throws IOException              when a folder cannot be listed
     * @throws UnstreamableException    when a node handed on turned up again; {@code sink} has had part of the slices
     */
    public void read(List<Path> paths, Consumer<Evidence> sink) throws IOException, UnstreamableException {
        read(paths, Function.identity(), sink);
    }

    /**
     * Reads {@code paths} as {@link #read(List, Consumer)} does, with each slice first read by {@code summarize} on the
     * thread that parsed its node, for many nodes at once; {@code sink} gets what it returned, from one thread, in the
     * order the slices come. A slice held to the end (see the class comment) is summarized on that thread, and a
     * summary made of a slice that turns out to be held is dropped.
     *
     * @param <T>       what a slice is read into
     * @param paths     files or folders
     * @param summarize reads one slice; called from any thread, for several slices at once
     * @param sink      receives each slice's summary once, in order
     * @throws IOException              when a folder cannot be listed
     * @throws UnstreamableException    when a node handed on turned up again; {@code sink} has had part of the slices
     */
    public <T> void read(List<Path> paths, Function<Evidence, T> summarize, Consumer<? super T> sink)
            throws IOException, UnstreamableException {
        List<Unit> units = new ArrayList<>();
        for (Path p : paths) list(Objects.requireNonNull(p, "path"), units);
        // Two folders that name one node (two collect bundles of it) are held from the start.
        Map<String, Integer> named = new HashMap<>();
        for (Unit u : units) if (u.node() != null) named.merge(u.node(), 1, Integer::sum);
        Handing<T> handing = new Handing<>(named, summarize, sink);
        if (units.size() <= 1) {
            // One input (a pasted log, one node's folder): parsed and handed on by this thread, no pool of its own.
            for (Unit u : units) {
                Taken t = take(u);
                List<Object> outcomes = (t.tasks().size() > 1 ? t.tasks().parallelStream() : t.tasks().stream())
                        .map(template::read).toList();
                handing.hand(t, handing.build(t, outcomes));
            }
        } else {
            pipeline(units, handing);
        }
        problems.addAll(0, takeProblems);
        takeProblems.clear();
        Evidence rest = Evidence.of(held);
        held.clear();
        for (String n : rest.nodes()) {
            if (fed.contains(n)) throw new UnstreamableException(n);
        }
        for (Evidence s : rest.slices()) {
            nodes += s.nodes().size();
            sink.accept(summarize.apply(s));
        }
    }

    /**
     * Parses units on a pool of one thread per core while this thread lists the next ones and one thread of the
     * stream's own hands the parsed units on in order: each node's files are parsed apart, then its evidence is built
     * and summarized on the pool, and only the hand-over is in order. At most {@link #FILES_IN_FLIGHT} files are
     * parsed or wait to be handed on at once.
     */
    private <T> void pipeline(List<Unit> units, Handing<T> handing) throws IOException, UnstreamableException {
        int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
        ForkJoinPool pool = new ForkJoinPool(threads, NodeStream::daemonWorker, null, false);
        Semaphore room = new Semaphore(FILES_IN_FLIGHT);
        BlockingQueue<Object> parsed = new LinkedBlockingQueue<>();
        Object end = new Object();
        Throwable[] failure = new Throwable[1];
        Thread handingThread = new Thread(() -> {
            boolean failed = false;
            try {
                while (true) {
                    Object o = parsed.take();
                    if (o == end) return;
                    @SuppressWarnings("unchecked")
                    Pending<T> p = (Pending<T>) o;
                    try {
                        if (!failed) handing.hand(p.taken(), p.built().join());
                    } catch (UnstreamableException | RuntimeException | Error e) {
                        failed = true;
                        synchronized (failure) {
                            failure[0] = e instanceof CompletionException c && c.getCause() != null ? c.getCause() : e;
                        }
                    } finally {
                        room.release(p.permits()); // also once failed, so that the listing side never waits for room
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "ncclscope-nodes");
        handingThread.setDaemon(true);
        handingThread.start();
        try {
            for (Unit u : units) {
                synchronized (failure) {
                    if (failure[0] != null) break;
                }
                Taken t = take(u);
                int permits = Math.min(Math.max(1, t.tasks().size()), FILES_IN_FLIGHT);
                acquire(room, permits);
                List<CompletableFuture<Object>> reads = new ArrayList<>(t.tasks().size());
                for (Evidence.Builder.FileTask task : t.tasks()) {
                    reads.add(CompletableFuture.supplyAsync(() -> template.read(task), pool));
                }
                CompletableFuture<Built<T>> built = CompletableFuture.allOf(reads.toArray(new CompletableFuture<?>[0]))
                        .thenApplyAsync(v -> handing.build(t, reads.stream().map(CompletableFuture::join).toList()), pool);
                put(parsed, new Pending<>(t, built, permits));
            }
        } finally {
            put(parsed, end);
            try {
                handingThread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while analyzing nodes");
            } finally {
                pool.shutdown();
            }
        }
        Throwable t;
        synchronized (failure) {
            t = failure[0];
        }
        if (t instanceof UnstreamableException u) throw u;
        if (t instanceof RuntimeException r) throw r;
        if (t instanceof Error e) throw e;
    }

    private static ForkJoinWorkerThread daemonWorker(ForkJoinPool pool) {
        ForkJoinWorkerThread w = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
        w.setDaemon(true);
        w.setName("ncclscope-parse-" + w.getPoolIndex());
        return w;
    }

    private static void put(BlockingQueue<Object> queue, Object o) throws java.io.InterruptedIOException {
        try {
            queue.put(o);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while analyzing nodes");
        }
    }

    private static void acquire(Semaphore room, int permits) throws java.io.InterruptedIOException {
        try {
            room.acquire(permits);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while analyzing nodes");
        }
    }

    /** A unit with its builder and the files taken within the file limit, in reading order. */
    private record Taken(Unit unit, Evidence.Builder builder, List<Evidence.Builder.FileTask> tasks) {
    }

    /** A unit's evidence and, when it can be handed on at once, its summary (null when it will be held). */
    private record Built<T>(Evidence evidence, T summary) {
    }

    /** A unit on its way: parsed, built and summarized on the pool; {@code permits} files of room held. */
    private record Pending<T>(Taken taken, CompletableFuture<Built<T>> built, int permits) {
    }

    /** The unit's builder and the files of it within the file limit; the limit's problem kept apart. */
    private Taken take(Unit u) throws IOException {
        Evidence.Builder b = template.sibling();
        List<Evidence.Builder.FileTask> ts = new ArrayList<>();
        if (u.file() != null) {
            ts.add(u.file());
        } else {
            b.addNodeFolder(u.root(), u.folder(), u.node(), ts);
        }
        List<Evidence.Builder.FileTask> taken = template.take(ts);
        // As Evidence.Builder#addPath lists them: the file limit's problem before those of reading.
        takeProblems.addAll(template.problems());
        template.problems().clear();
        return new Taken(u, b, taken);
    }

    /** Builds units' evidence (any thread) and hands it on in order (one thread). */
    private final class Handing<T> {
        private final Map<String, Integer> named;
        private final Function<Evidence, T> summarize;
        private final Consumer<? super T> sink;

        Handing(Map<String, Integer> named, Function<Evidence, T> summarize, Consumer<? super T> sink) {
            this.named = named;
            this.summarize = summarize;
            this.sink = sink;
        }

        /**
         * The unit's evidence from its parsed files, summarized when it can be handed on as it is: one node's whole
         * (whether that node was handed on or held before is known only in order, in {@link #hand}).
         */
        Built<T> build(Taken t, List<Object> outcomes) {
            Evidence.Builder b = t.builder();
            for (int i = 0; i < outcomes.size(); i++) b.addRead(t.tasks().get(i), outcomes.get(i));
            Evidence e = b.build();
            return new Built<>(e, whole(e, t.unit().node()) ? summarize.apply(e.slices().get(0)) : null);
        }

        /** Whether {@code e} is one node's whole, read from a folder of its own (see the class comment). */
        private boolean whole(Evidence e, String folderNode) {
            List<String> ns = e.nodes();
            if (e.artifacts().isEmpty() || ns.size() != 1 || !e.unassigned().isEmpty()) return false;
            boolean twice = folderNode != null && named.get(folderNode) > 1;
            boolean elsewhere = !ns.get(0).equals(folderNode) && named.containsKey(ns.get(0));
            return !twice && !elsewhere;
        }

        /**
         * Hands on a unit's evidence when it is one node's whole and that node was not held before, else holds it:
         * also when its content names a node that another folder is named after (that folder's files join it at the
         * end).
         */
        void hand(Taken t, Built<T> built) throws UnstreamableException {
            problems.addAll(t.builder().problems());
            Evidence e = built.evidence();
            List<String> ns = e.nodes();
            for (String n : ns) {
                if (fed.contains(n)) throw new UnstreamableException(n);
            }
            if (e.artifacts().isEmpty()) return;
            if (built.summary() != null && !heldNodes.contains(ns.get(0))) {
                fed.add(ns.get(0));
                nodes++;
                sink.accept(built.summary());
                return;
            }
            heldNodes.addAll(ns);
            held.add(e);
        }
    }

    /** {@return the inputs that could not be read, in reading order} */
    public List<Evidence.Problem> problems() {
        return List.copyOf(problems);
    }

    /** {@return how many node slices were handed on (a slice of no node not counted)} */
    public int nodes() {
        return nodes;
    }

    /** The units under {@code path}, in the order {@link Evidence.Builder#addPath(Path)} reads their files. */
    private static void list(Path path, List<Unit> units) throws IOException {
        if (!Files.isDirectory(path)) {
            units.add(new Unit(null, null, null, new Evidence.Builder.FileTask(path, path.toString())));
            return;
        }
        if (Evidence.Builder.isNodeFolder(path)) {
            units.add(new Unit(path, path, Evidence.Builder.nodeName(path), null));
            return;
        }
        List<Path> children;
        try (Stream<Path> s = Files.list(path)) {
            children = s.sorted().toList();
        }
        for (Path c : children) {
            if (Evidence.Builder.hidden(c)) continue;
            if (Files.isDirectory(c)) {
                units.add(new Unit(path, c, Evidence.Builder.nodeName(c), null));
            } else {
                units.add(new Unit(null, null, null,
                        new Evidence.Builder.FileTask(c, path.relativize(c).toString())));
            }
        }
    }
}

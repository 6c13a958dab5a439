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
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Consumer;
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
 * <p>Files of a few folders at a time are parsed in parallel, and while they are, a thread of the stream's own hands
 * the folders read before on to the receiver, in reading order. Not thread-safe; one read per instance.
 */
public final class NodeStream {

    /** Parse about this many files at once: enough to keep the cores busy, few enough to hold. */
    private static final int BATCH_FILES = 256;

    private final Evidence.Builder template;
    private final List<Evidence.Problem> problems = new ArrayList<>();
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
        List<Unit> units = new ArrayList<>();
        for (Path p : paths) list(Objects.requireNonNull(p, "path"), units);
        // Two folders that name one node (two collect bundles of it) are held from the start.
        Map<String, Integer> named = new HashMap<>();
        for (Unit u : units) if (u.node() != null) named.merge(u.node(), 1, Integer::sum);
        Batch first = nextBatch(units, 0);
        if (first.end() == units.size()) {
            // One batch: parsed and handed on by this thread (one input without the fork-join pool).
            hand(first, parse(first), named, sink);
        } else {
            pipeline(units, first, named, sink);
        }
        Evidence rest = Evidence.of(held);
        held.clear();
        for (String n : rest.nodes()) {
            if (fed.contains(n)) throw new UnstreamableException(n);
        }
        for (Evidence s : rest.slices()) {
            nodes += s.nodes().size();
            sink.accept(s);
        }
    }

    /**
     * Parses batch after batch on this thread and the fork-join pool while one thread of its own hands the batch before
     * on to {@code sink} in order: the cross-node passes take a node while the next nodes' files are parsed. At most
     * two parsed batches wait for it.
     */
    private void pipeline(List<Unit> units, Batch first, Map<String, Integer> named, Consumer<Evidence> sink)
            throws IOException, UnstreamableException {
        BlockingQueue<Object> parsed = new ArrayBlockingQueue<>(2);
        Object end = new Object();
        Throwable[] failure = new Throwable[1];
        Thread handing = new Thread(() -> {
            boolean failed = false;
            try {
                while (true) {
                    Object o = parsed.take();
                    if (o == end) return;
                    if (failed) continue; // drained, so that the parsing side never waits on a full queue
                    try {
                        ParsedBatch pb = (ParsedBatch) o;
                        hand(pb.batch(), pb.outcomes(), named, sink);
                    } catch (UnstreamableException | RuntimeException | Error e) {
                        failed = true;
                        synchronized (failure) {
                            failure[0] = e;
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "ncclscope-nodes");
        handing.setDaemon(true);
        handing.start();
        try {
            Batch batch = first;
            while (true) {
                synchronized (failure) {
                    if (failure[0] != null) break;
                }
                put(parsed, new ParsedBatch(batch, parse(batch)));
                if (batch.end() == units.size()) break;
                batch = nextBatch(units, batch.end());
            }
        } finally {
            put(parsed, end);
            try {
                handing.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted while analyzing nodes");
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

    private static void put(BlockingQueue<Object> queue, Object o) throws java.io.InterruptedIOException {
        try {
            queue.put(o);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while analyzing nodes");
        }
    }

    /**
     * Units {@code [start, end)} with about {@link #BATCH_FILES} files (at least one unit), their builders, their
     * files and the problems of taking them (more files than the limit), in reading order.
     */
    private record Batch(List<Unit> units, List<Evidence.Builder> builders, List<List<Evidence.Builder.FileTask>> tasks,
            List<Evidence.Problem> takeProblems, int end) {
    }

    private record ParsedBatch(Batch batch, List<Object> outcomes) {
    }

    private Batch nextBatch(List<Unit> units, int start) throws IOException {
        int i = start;
        List<Unit> batch = new ArrayList<>();
        List<List<Evidence.Builder.FileTask>> tasks = new ArrayList<>();
        List<Evidence.Builder> builders = new ArrayList<>();
        int files = 0;
        while (i < units.size() && (batch.isEmpty() || files < BATCH_FILES)) {
            Unit u = units.get(i++);
            Evidence.Builder b = template.sibling();
            List<Evidence.Builder.FileTask> ts = new ArrayList<>();
            if (u.file() != null) {
                ts.add(u.file());
            } else {
                b.addNodeFolder(u.root(), u.folder(), u.node(), ts);
            }
            List<Evidence.Builder.FileTask> taken = template.take(ts);
            files += taken.size();
            batch.add(u);
            tasks.add(taken);
            builders.add(b);
        }
        List<Evidence.Problem> takeProblems = new ArrayList<>(template.problems());
        template.problems().clear();
        return new Batch(batch, builders, tasks, takeProblems, i);
    }

    /** The batch's files parsed, in order: each a parse result or the reason it could not be read. */
    private List<Object> parse(Batch batch) {
        List<Evidence.Builder.FileTask> all = new ArrayList<>();
        for (List<Evidence.Builder.FileTask> ts : batch.tasks()) all.addAll(ts);
        return (all.size() > 1 ? all.parallelStream() : all.stream()).map(template::read).toList();
    }

    /** Adds the parsed files to their units' builders and hands each unit's evidence on, in order. */
    private void hand(Batch batch, List<Object> outcomes, Map<String, Integer> named, Consumer<Evidence> sink)
            throws UnstreamableException {
        int k = 0;
        for (int u = 0; u < batch.units().size(); u++) {
            Evidence.Builder b = batch.builders().get(u);
            for (Evidence.Builder.FileTask t : batch.tasks().get(u)) b.addRead(t, outcomes.get(k++));
            if (u == 0) problems.addAll(batch.takeProblems());
            problems.addAll(b.problems());
            Evidence e = b.build();
            String folderNode = batch.units().get(u).node();
            boolean twice = folderNode != null && named.get(folderNode) > 1;
            hand(e, folderNode, twice, named.keySet(), sink);
        }
    }

    /**
     * Hands on a unit's evidence when it is one node's whole, else holds it: also when its content names a node that
     * another folder is named after (that folder's files join it at the end).
     *
     * @param folderNode the node its folder is named after; null for a loose file
     * @param folders    the nodes the folders read are named after
     */
    private void hand(Evidence e, String folderNode, boolean twice, Set<String> folders, Consumer<Evidence> sink)
            throws UnstreamableException {
        List<String> ns = e.nodes();
        for (String n : ns) {
            if (fed.contains(n)) throw new UnstreamableException(n);
        }
        if (e.artifacts().isEmpty()) return;
        boolean elsewhere = ns.size() == 1 && !ns.get(0).equals(folderNode) && folders.contains(ns.get(0));
        if (!twice && !elsewhere && ns.size() == 1 && e.unassigned().isEmpty() && !heldNodes.contains(ns.get(0))) {
            fed.add(ns.get(0));
            nodes++;
            sink.accept(e.slices().get(0));
            return;
        }
        heldNodes.addAll(ns);
        held.add(e);
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
            units.add(new Unit(null, null, null, new Evidence.Builder.FileTask(path, path.toString(), null, null, null)));
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
                        new Evidence.Builder.FileTask(c, path.relativize(c).toString(), null, null, null)));
            }
        }
    }
}

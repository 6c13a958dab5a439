package io.ncclscope.sdk.evidence;

import io.ncclscope.parsers.FleetOutputs;
import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.json.Json;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nvbandwidth.NvbandwidthData;
import io.ncclscope.parsers.tests.NcclTestsData;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Everything a user has about a job: parsed artifacts grouped by node. Built from files, bundle folders
 * (one sub-folder per node, or a single node's folder), readers and pasted strings with {@link Builder}.
 * Immutable and thread-safe once built.
 *
 * <p>A node's name comes first from the artifacts' content (NCCL log prefixes, nccl-tests {@code on HOST}
 * lines, a collect manifest's {@code host}), then from the bundle folder the file was in. Within one node
 * folder, when the content of its files names exactly one host, every file of that folder takes that host.
 */
public final class Evidence {

    /** Files up to this many bytes can be quoted, by default (16 MiB); larger ones are logs whose parsers keep the lines that matter. */
    public static final long DEFAULT_KEEP_TEXT = 16L << 20;

    /** Most files read from folders, by default. */
    public static final int DEFAULT_MAX_FILES = 200_000;

    /** Files that mark a folder as one node's bundle. */
    static final Set<String> NODE_MARKERS = Set.of("manifest.json", "meta.txt", "hostname");

    /** The collect manifest's file name: a node marker read as evidence ({@code collect-manifest}). */
    private static final String MANIFEST = "manifest.json";

    private final List<Artifact> artifacts;
    private final List<Problem> problems;
    private final Map<String, List<Artifact>> byNode;
    private final List<Bundle> bundles;
    /**
     * {@link #slices()} and {@link #hosts()}, made at their first call: every analyzer's pass, the report's tallies and
     * the workflow's observer ask for them again (a chat paste's analysis cut the same slices a dozen times). Racy
     * single-check, as {@code String}'s hash: both are immutable lists, so a second thread at worst makes an equal one.
     */
    private List<Evidence> slices;
    private List<String> hosts;

    /** An input that could not be read at all (a parse never fails; reading can). */
    public record Problem(String name, String message) {
    }

    /** One artifact's data of a given type. */
    public record Item<T>(Artifact artifact, T data) {
    }

    /**
     * One {@code ncclscope collect} bundle: a node folder with a {@code manifest.json}. Two bundles of one node give
     * counter deltas over the time between them.
     *
     * @param node   the node the bundle's files belong to
     * @param folder the folder read
     * @param time   the manifest's {@code time}; {@code null} when it has none or it does not parse
     * @param files  the bundle's artifacts by their path inside the folder ({@code net/ethtool-S-eth0.txt})
     */
    public record Bundle(String node, String folder, java.time.Instant time, Map<String, Artifact> files) {
        /**
         * Copies the files, keeping their order.
         *
         * @param node   the node the bundle's files belong to
         * @param folder the folder read
         * @param time   the manifest's {@code time}; {@code null} when it has none or it does not parse
         * @param files  the bundle's artifacts by their path inside the folder
         */
        public Bundle {
            files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
        }
    }

    private Evidence(List<Artifact> artifacts, List<Problem> problems, List<Bundle> bundles) {
        this.artifacts = List.copyOf(artifacts);
        this.problems = List.copyOf(problems);
        this.bundles = List.copyOf(bundles);
        Map<String, List<Artifact>> m = new TreeMap<>(Evidence::compareNodes);
        for (Artifact a : artifacts) {
            a.node().ifPresent(n -> m.computeIfAbsent(n, k -> new ArrayList<>()).add(a));
        }
        Map<String, List<Artifact>> frozen = new LinkedHashMap<>();
        m.forEach((k, v) -> frozen.put(k, List.copyOf(v)));
        this.byNode = Collections.unmodifiableMap(frozen);
    }

    /**
     * A builder with default limits.
     *
     * @return a new builder; not thread-safe
     */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return every artifact, in the order added} */
    public List<Artifact> artifacts() {
        return artifacts;
    }

    /**
     * Inputs that could not be read.
     *
     * @return an unmodifiable list, in input order
     */
    public List<Problem> problems() {
        return problems;
    }

    /** {@return the collect bundles read (node folders with a {@code manifest.json}), in the order read} */
    public List<Bundle> bundles() {
        return bundles;
    }

    /** {@return node names, in natural order ({@code node2} before {@code node10})} */
    public List<String> nodes() {
        return List.copyOf(byNode.keySet());
    }

    /**
     * {@return the artifacts of one node; empty for an unknown node}
     *
     * @param node a node name
     */
    public List<Artifact> artifactsOf(String node) {
        return byNode.getOrDefault(node, List.of());
    }

    /** {@return artifacts that belong to no single node (pasted logs of a whole job, files with no host)} */
    public List<Artifact> unassigned() {
        return artifacts.stream().filter(a -> a.node().isEmpty()).toList();
    }

    /**
     * {@return every artifact whose data is a {@code type}, with that data}
     *
     * @param <T>  the data type
     * @param type a data record type such as {@code NcclLog.class}
     */
    public <T> List<Item<T>> all(Class<T> type) {
        List<Item<T>> out = new ArrayList<>();
        for (Artifact a : artifacts) {
            a.data(type).ifPresent(d -> out.add(new Item<>(a, d)));
        }
        return out;
    }

    /**
     * {@return the artifacts of one kind}
     *
     * @param kind a kind
     */
    public List<Artifact> ofKind(Kind kind) {
        return artifacts.stream().filter(a -> a.kind() == kind).toList();
    }

    /** {@return every host named anywhere: node names and hosts inside multi-host artifacts, in natural order} */
    public List<String> hosts() {
        List<String> h = hosts;
        if (h == null) {
            Set<String> s = new java.util.TreeSet<>(Evidence::compareNodes);
            s.addAll(byNode.keySet());
            for (Artifact a : artifacts) s.addAll(a.hosts());
            hosts = h = List.copyOf(s);
        }
        return h;
    }

    /**
     * {@return the evidence cut into the slices an analyzer {@code Pass} reads: the artifacts of no single node first
     * (when there are any), then one slice per node in {@link #nodes()} order} Each slice keeps its artifacts' order
     * and the bundles whose files are its artifacts; problems stay with the whole.
     */
    public List<Evidence> slices() {
        List<Evidence> s = slices;
        if (s == null) {
            List<Evidence> out = new ArrayList<>(byNode.size() + 1);
            List<Artifact> none = unassigned();
            if (!none.isEmpty()) out.add(new Evidence(none, List.of(), bundlesOf(null)));
            byNode.forEach((node, arts) -> out.add(new Evidence(arts, List.of(), bundlesOf(node))));
            slices = s = List.copyOf(out);
        }
        return s;
    }

    /** Node names in the order of {@link #slices()}: null (the slice of no node) first, then natural order. */
    public static final java.util.Comparator<String> SLICE_NODE_ORDER = java.util.Comparator.nullsFirst(Evidence::compareNodes);

    /**
     * Slices in the order {@link #slices()} gives them: the slice of no node first, then by node in natural order.
     * A lambda of ours rather than {@code Comparator.comparing}: the JDK's own lambdas there are serializable, linked
     * at their first call in every run (the AOT cache keeps only ours), and this class is set up by every analysis.
     */
    public static final java.util.Comparator<Evidence> SLICE_ORDER =
            (a, b) -> SLICE_NODE_ORDER.compare(a.sliceNode(), b.sliceNode());

    /** {@return the node of a slice of {@link #slices()}: its first node; null for the slice of no node} */
    public String sliceNode() {
        return byNode.isEmpty() ? null : byNode.keySet().iterator().next();
    }

    /** Bundles whose first file belongs to {@code node} (null: to no node). */
    private List<Bundle> bundlesOf(String node) {
        if (bundles.isEmpty()) return List.of();
        List<Bundle> out = new ArrayList<>();
        for (Bundle b : bundles) {
            String n = b.files().isEmpty() ? b.node() : b.files().values().iterator().next().node().orElse(null);
            if (Objects.equals(n, node)) out.add(b);
        }
        return out;
    }

    /**
     * {@return evidence of {@code artifacts} as they are} Nodes are not assigned again; no problems, no bundles. A pass
     * builds its trimmed slices so ({@link Artifact#withData(Object)}, {@link Artifact#stub()}).
     *
     * @param artifacts artifacts of other evidence
     */
    public static Evidence ofArtifacts(List<Artifact> artifacts) {
        return new Evidence(artifacts, List.of(), List.of());
    }

    /**
     * {@return one evidence of several: their artifacts, problems and bundles, in the order given} Nodes are not
     * assigned again: each artifact keeps the node its own evidence gave it.
     *
     * @param parts evidence read apart, for example the slices a pass was handed
     */
    public static Evidence of(List<Evidence> parts) {
        List<Artifact> arts = new ArrayList<>();
        List<Problem> probs = new ArrayList<>();
        List<Bundle> bs = new ArrayList<>();
        for (Evidence e : parts) {
            arts.addAll(e.artifacts);
            probs.addAll(e.problems);
            bs.addAll(e.bundles);
        }
        return new Evidence(arts, probs, bs);
    }

    /**
     * {@return natural order of host names: digit runs compare as numbers ({@code node2} before {@code node10})}
     *
     * @param a a host name
     * @param b another host name
     */
    public static int compareNodes(String a, String b) {
        int i = 0, j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i), y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int si = i, sj = j;
                while (i < a.length() && Character.isDigit(a.charAt(i))) i++;
                while (j < b.length() && Character.isDigit(b.charAt(j))) j++;
                // Without leading zeros (007 is 7, 000 is 0), the longer run is the larger number, else the first digit
                // that differs decides. Read in place: this comparator orders every sorted set of hosts and slices.
                while (si < i - 1 && a.charAt(si) == '0') si++;
                while (sj < j - 1 && b.charAt(sj) == '0') sj++;
                if (i - si != j - sj) return Integer.compare(i - si, j - sj);
                for (int k = 0; k < i - si; k++) {
                    int c = Character.compare(a.charAt(si + k), b.charAt(sj + k));
                    if (c != 0) return c;
                }
            } else {
                if (x != y) return Character.compare(x, y);
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /**
     * Collects inputs, parses each (kind detected unless given) and assigns nodes. Not thread-safe;
     * {@link #build()} may be called once.
     */
    public static final class Builder {
        private ParseLimits limits = ParseLimits.DEFAULTS;
        private long keepText = DEFAULT_KEEP_TEXT;
        private int maxFiles = DEFAULT_MAX_FILES;
        private final List<Pending> pending = new ArrayList<>();
        private final List<Problem> problems = new ArrayList<>();
        final Map<String, java.time.Instant> bundleTimes = new LinkedHashMap<>();
        private final TextCache texts;
        private int files;
        private ReadProgress progress;

        private record Pending(Artifact artifact, String folderKey, String folderNode, String rel) {
        }

        private Builder() {
            this(new TextCache(TextCache.DEFAULT_BUDGET_CHARS));
        }

        /** A builder whose files quote through {@code texts}, shared with the other builders of one read. */
        Builder(TextCache texts) {
            this.texts = texts;
        }

        /** {@return a builder with this one's limits that quotes through the same cache} */
        Builder sibling() {
            Builder b = new Builder(texts);
            b.limits = limits;
            b.keepText = keepText;
            b.maxFiles = maxFiles;
            b.progress = progress;
            return b;
        }

        /**
         * Tells {@code p} of the bytes read from files (not from readers or strings); none by default.
         *
         * @param p the listener, or null for none
         * @return this builder
         */
        public Builder progress(ReadProgress p) {
            this.progress = p;
            return this;
        }

        /**
         * Sets the parse limits for every input (default {@link ParseLimits#DEFAULTS}).
         *
         * @param l the limits
         * @return this builder
         */
        public Builder limits(ParseLimits l) {
            this.limits = Objects.requireNonNull(l);
            return this;
        }

        /**
         * Sets the size up to which files keep their text for quoting (default {@link #DEFAULT_KEEP_TEXT}).
         *
         * @param chars a size in bytes
         * @return this builder
         */
        public Builder keepTextUpTo(long chars) {
            this.keepText = chars;
            return this;
        }

        /**
         * Sets the most files read from folders (default {@link #DEFAULT_MAX_FILES}); more are reported as a problem.
         *
         * @param n a count
         * @return this builder
         */
        public Builder maxFiles(int n) {
            this.maxFiles = n;
            return this;
        }

        /**
         * Adds a pasted text; {@code node} may be null (then it comes from the content).
         *
         * @param name what to call it in findings
         * @param text the output
         * @param node its node, or null to take it from the content
         * @return this builder
         */
        public Builder addText(String name, String text, String node) {
            List<Artifact> fleet = node == null ? fleet(name, text, ParseLimits.DEFAULTS) : null;
            if (fleet != null) {
                for (Artifact a : fleet) pending.add(new Pending(a, null, null, null));
                return this;
            }
            // The lines kept to quote from are cut once, also for the split and the parse.
            Parsers.ParsedText read = Parsers.parseEachWithLines(text, ParseLimits.DEFAULTS);
            for (ParseResult<?> r : read.results()) {
                add(name, r, read.lines(), null, node, node == null ? NodeSource.NONE : NodeSource.GIVEN, null);
            }
            return this;
        }

        /**
         * Adds a pasted text whose node the user names ({@code ?node=} over REST): the node given names the node
         * everywhere in the report. When the text names one host of its own (an NCCL log's {@code host:pid:tid}
         * prefix, a container's name where the node's is wanted), that host is read as {@code node}; the quoted lines
         * stay as they were written. A text naming several hosts (a whole job's log) keeps them. Unlike
         * {@link #addText(String, String, String)}, where a node is where a file was filed and its content's host
         * still wins.
         *
         * @param name what to call it in findings
         * @param text the output
         * @param node the node the user says it comes from, or null to take it from the content
         * @return this builder
         */
        public Builder addTextOfNode(String name, String text, String node) {
            if (node == null) return addText(name, text, null);
            Parsers.ParsedText read = Parsers.parseEachWithLines(text, ParseLimits.DEFAULTS);
            List<ParseResult<?>> results = read.results();
            Set<String> hosts = new LinkedHashSet<>();
            for (ParseResult<?> r : results) hosts.addAll(contentHosts(r.data()));
            if (hosts.size() == 1 && !hosts.contains(node)) results = Parsers.parseEach(renamed(text, hosts.iterator().next(), node));
            for (ParseResult<?> r : results) add(name, r, read.lines(), null, node, NodeSource.GIVEN, null);
            return this;
        }

        /** {@code text} with every whole-word {@code host} (not part of a longer name) written as {@code node}. */
        static String renamed(String text, String host, String node) {
            String word = "[A-Za-z0-9._-]";
            return java.util.regex.Pattern.compile("(?<!" + word + ")" + java.util.regex.Pattern.quote(host) + "(?!" + word + ")")
                    .matcher(text).replaceAll(java.util.regex.Matcher.quoteReplacement(node));
        }

        /**
         * Adds a pasted text whose node comes from its content.
         *
         * @param name what to call it in findings
         * @param text the output
         * @return this builder
         */
        public Builder addText(String name, String text) {
            return addText(name, text, null);
        }

        /**
         * Adds a text read from {@code in} (streamed: its lines are not kept); the reader is not closed.
         *
         * @param name what to call it in findings
         * @param in   the output; not closed
         * @param kind its kind, or null to detect it
         * @param node its node, or null to take it from the content
         * @return this builder
         * @throws IOException when reading fails
         */
        public Builder addReader(String name, Reader in, Kind kind, String node) throws IOException {
            ParseResult<?> r = Parsers.parse(in, kind, limits);
            add(name, r, null, null, node, node == null ? NodeSource.NONE : NodeSource.GIVEN, null);
            return this;
        }

        /**
         * Adds one file under a name of the caller's choosing (an upload's own name rather than where it was saved):
         * streamed and decoded as {@link #addPath} reads files, quotable while the file exists.
         *
         * @param name what to call it in findings
         * @param file the file
         * @return this builder
         */
        public Builder addFile(String name, Path file) {
            for (FileTask t : take(List.of(new FileTask(file, name)))) addRead(t, read(t));
            return this;
        }

        /**
         * Adds a file, or every file under a folder. A folder holding {@code manifest.json}, {@code meta.txt}
         * or {@code hostname} is one node; otherwise each of its sub-folders is one node, and files directly
         * in it have no node but what their content says. Hidden files and {@code *.expected.json} are skipped.
         *
         * @param path a file or a folder
         * @return this builder
         * @throws IOException when a folder cannot be listed (a file that cannot be read is a {@link Problem})
         */
        public Builder addPath(Path path) throws IOException {
            List<FileTask> taken = take(tasks(path));
            // One file (a pasted log, a short command) is read on this thread: no fork-join pool to start.
            List<Object> outcomes = (taken.size() > 1 ? taken.parallelStream() : taken.stream()).map(this::read).toList();
            for (int i = 0; i < taken.size(); i++) addRead(taken.get(i), outcomes.get(i));
            return this;
        }

        /** The files under {@code path} (a file, a node folder or a folder of node folders), in reading order. */
        List<FileTask> tasks(Path path) throws IOException {
            List<FileTask> tasks = new ArrayList<>();
            if (Files.isDirectory(path)) {
                addFolder(path, tasks);
            } else {
                tasks.add(new FileTask(path, path.toString()));
            }
            return tasks;
        }

        /** The tasks within the file limit; the first one past it is reported as a problem. */
        List<FileTask> take(List<FileTask> tasks) {
            List<FileTask> taken = new ArrayList<>();
            for (FileTask t : tasks) {
                if (++files > maxFiles) {
                    if (files == maxFiles + 1) problems.add(new Problem(t.name(), "more than " + maxFiles + " files; the rest were not read"));
                    continue;
                }
                taken.add(t);
            }
            return taken;
        }

        /**
         * {@return the artifacts of each node's part of a fleet tool's output ({@link FleetOutputs}: pdsh, clush, dshbak,
         * ansible), each on its node; null when {@code text} is no such output, is as long as a text that is streamed,
         * when no part is a known tool output, or when a part is an NCCL log or nccl-tests output (their readers read
         * pdsh's prefix and the hosts a job's lines name themselves, from the whole text)} Thread-safe.
         *
         * @param name   what to call each part in findings (the text's name: the node tells them apart)
         * @param text   the whole input
         * @param limits the bounds of each parse
         */
        static List<Artifact> fleet(String name, String text, ParseLimits limits) {
            List<FleetOutputs.NodeOutput> outputs = FleetOutputs.parse(text, limits);
            if (outputs.isEmpty()) return null;
            List<Artifact> out = new ArrayList<>(outputs.size());
            for (FleetOutputs.NodeOutput o : outputs) out.add(new Artifact(name, o.host(), o.result(), o.part()));
            return out;
        }

        /** A file that was a fleet tool's output: each node's part, read ({@link #fleet}). */
        private record FleetRead(List<Artifact> artifacts) {
        }

        /** Adds what {@link #read(FileTask)} gave for {@code t}: its artifact, or a problem. */
        void addRead(FileTask t, Object outcome) {
            if (outcome instanceof FleetRead fleet) {
                for (Artifact a : fleet.artifacts()) pending.add(new Pending(a, t.folderKey(), t.folderNode(), t.rel()));
            } else if (outcome instanceof FileRead read) {
                Path kept = read.kept() ? t.file() : keptFile(t.file());
                for (Object r : read.results()) {
                    add(t.name(), (ParseResult<?>) r, null, kept, null, NodeSource.NONE,
                            new String[] {t.folderKey(), t.folderNode(), t.rel()});
                }
            } else {
                problems.add(new Problem(t.name(), (String) outcome));
            }
        }

        /** {@return the inputs that could not be read so far} */
        List<Problem> problems() {
            return problems;
        }

        /**
         * A file to read: its path, artifact name, node folder, that folder's node name, its path inside it, and whether
         * that folder is a collect bundle (holds a {@code manifest.json}: its files are one tool's output each).
         */
        record FileTask(Path file, String name, String folderKey, String folderNode, String rel, boolean bundle) {
            /** A file of no node folder. */
            FileTask(Path file, String name) {
                this(file, name, null, null, null, false);
            }
        }

        /** A file's results, and whether it is known to be small enough to quote (else its size is asked). */
        private record FileRead(List<ParseResult<?>> results, boolean kept) {
        }

        /**
         * Parses one file: its results (one per tool output pasted into it; a collect bundle's files are one tool's
         * output each), or the reason it could not be read.
         */
        Object read(FileTask t) {
            java.util.function.LongConsumer bytes = progress == null ? b -> { } : progress::bytesRead;
            try {
                // A small file is read once: its text, parsed here, is what the findings on it quote soon after.
                String text = Parsers.smallText(t.file(), bytes);
                if (text != null) {
                    boolean offered = text.length() <= keepText;
                    // Shorter than HEAD_CHARS bytes: within the usual keepText, so no second look at its size.
                    boolean kept = keepText >= Parsers.HEAD_CHARS;
                    if (t.bundle()) {
                        if (offered) texts.offer(t.file(), text);
                        return new FileRead(List.of(Parsers.parse(text, limits)), kept);
                    }
                    List<Artifact> fleet = fleet(t.name(), text, limits);
                    if (fleet != null) return new FleetRead(fleet);
                    // The split and the parse cut the text into lines: the quotes read those lines instead of cutting
                    // the text again (a collect bundle's file, parsed whole, is cut only when quoted).
                    Parsers.ParsedText read = Parsers.parseEachWithLines(text, limits);
                    if (offered) texts.offer(t.file(), read.lines(), text.length());
                    return new FileRead(read.results(), kept);
                }
                if (t.bundle()) return new FileRead(List.of(Parsers.parse(t.file(), limits, bytes)), false);
                return new FileRead(Parsers.parseEach(t.file(), limits, bytes), false);
            } catch (IOException | UncheckedIOException e) {
                return "cannot read: " + e.getMessage();
            }
        }

        private Path keptFile(Path f) {
            try {
                return Files.size(f) <= keepText ? f : null;
            } catch (IOException e) {
                return null;
            }
        }

        private void addFolder(Path root, List<FileTask> tasks) throws IOException {
            if (isNodeFolder(root)) {
                addNodeFolder(root, root, nodeName(root), tasks);
                return;
            }
            List<Path> children;
            try (Stream<Path> s = Files.list(root)) {
                children = s.sorted().toList();
            }
            for (Path c : children) {
                if (hidden(c)) continue;
                if (Files.isDirectory(c)) {
                    addNodeFolder(root, c, nodeName(c), tasks);
                } else {
                    tasks.add(new FileTask(c, root.relativize(c).toString()));
                }
            }
        }

        void addNodeFolder(Path root, Path folder, String node, List<FileTask> tasks) throws IOException {
            List<Path> all;
            try (Stream<Path> s = Files.walk(folder)) {
                all = s.filter(Files::isRegularFile).filter(p -> !hidden(p)).sorted().toList();
            }
            String base = root.equals(folder) && root.getFileName() != null ? root.getFileName().toString() : null;
            java.time.Instant time = bundleTime(folder);
            boolean bundle = Files.isRegularFile(folder.resolve(MANIFEST));
            if (time != null || bundle) bundleTimes.put(folder.toString(), time);
            for (Path f : all) {
                String rel = root.relativize(f).toString();
                tasks.add(new FileTask(f, base != null ? base + "/" + rel : rel, folder.toString(), node,
                        folder.relativize(f).toString().replace('\\', '/'), bundle));
            }
        }

        static boolean hidden(Path p) {
            String n = p.getFileName() == null ? "" : p.getFileName().toString();
            // A collect manifest is evidence too (failed and missing tools); the other markers only name the node.
            return n.startsWith(".") || n.endsWith(".expected.json") || (NODE_MARKERS.contains(n) && !n.equals(MANIFEST));
        }

        static boolean isNodeFolder(Path folder) {
            for (String m : NODE_MARKERS) {
                if (Files.isRegularFile(folder.resolve(m))) return true;
            }
            return false;
        }

        /** A collect manifest's {@code time}, or null. */
        private static java.time.Instant bundleTime(Path folder) {
            try {
                Path manifest = folder.resolve("manifest.json");
                if (Files.isRegularFile(manifest) && Files.size(manifest) < (4 << 20)) {
                    Object o = Json.parse(Files.readString(manifest, StandardCharsets.UTF_8));
                    if (o instanceof Map<?, ?> m && m.get("time") instanceof String t) return java.time.Instant.parse(t.trim());
                }
            } catch (IOException | RuntimeException e) {
                // No time: the bundle still reads, it only gives no deltas.
            }
            return null;
        }

        /** The node name of a node folder: the collect manifest's host, a {@code hostname} file, else the folder name. */
        static String nodeName(Path folder) {
            try {
                Path manifest = folder.resolve("manifest.json");
                if (Files.isRegularFile(manifest) && Files.size(manifest) < (1 << 20)) {
                    Object o = Json.parse(Files.readString(manifest, StandardCharsets.UTF_8));
                    if (o instanceof Map<?, ?> m && m.get("host") instanceof String h && !h.isBlank()) return h.trim();
                }
                Path hn = folder.resolve("hostname");
                if (Files.isRegularFile(hn) && Files.size(hn) < 4096) {
                    String h = Files.readString(hn, StandardCharsets.UTF_8).trim();
                    if (!h.isEmpty() && !h.contains("\n")) return h;
                }
            } catch (IOException | RuntimeException e) {
                // An unreadable marker falls back to the folder name.
            }
            return folder.getFileName() == null ? folder.toString() : folder.getFileName().toString();
        }

        private void add(String name, ParseResult<?> r, List<String> lines, Path file, String node, NodeSource src,
                         String[] folder) {
            List<String> hosts = contentHosts(r.data());
            String n = node;
            NodeSource s = src;
            if (n == null && hosts.size() == 1) {
                n = hosts.get(0);
                s = NodeSource.CONTENT;
            }
            String folderKey = folder == null ? null : folder[0];
            String folderNode = folder == null ? null : folder[1];
            String rel = folder == null ? null : folder[2];
            pending.add(new Pending(new Artifact(name, n, s, hosts, r, lines, file, texts), folderKey, folderNode, rel));
        }

        /** Hosts an artifact's content names. */
        static List<String> contentHosts(Object data) {
            Set<String> hosts = new LinkedHashSet<>();
            if (data instanceof NcclLog l) {
                hosts.addAll(l.hosts());
            } else if (data instanceof NcclTestsData t) {
                hosts.addAll(t.hosts());
            } else if (data instanceof NvbandwidthData nv) {
                nv.devices().forEach(d -> {
                    if (d.host() != null) hosts.add(d.host());
                });
            }
            hosts.removeIf(h -> h == null || h.isBlank());
            return List.copyOf(hosts);
        }

        /**
         * Parses nothing more; assigns folder nodes and returns the evidence.
         *
         * @return the evidence, immutable
         */
        public Evidence build() {
            // Within one node folder, a single host named by content names the whole folder.
            Map<String, Set<String>> folderHosts = new LinkedHashMap<>();
            for (Pending p : pending) {
                if (p.folderKey() == null) continue;
                Set<String> hs = folderHosts.computeIfAbsent(p.folderKey(), k -> new LinkedHashSet<>());
                if (p.artifact().nodeSource() == NodeSource.CONTENT) p.artifact().node().ifPresent(hs::add);
            }
            List<Artifact> out = new ArrayList<>(pending.size());
            Map<String, Map<String, Artifact>> bundleFiles = new LinkedHashMap<>();
            Map<String, String> bundleNodes = new LinkedHashMap<>();
            for (Pending p : pending) {
                Artifact a = p.artifact();
                if (a.node().isEmpty() && a.hosts().size() <= 1 && p.folderKey() != null) {
                    Set<String> hs = folderHosts.getOrDefault(p.folderKey(), Set.of());
                    Optional<String> node = hs.size() == 1 ? Optional.of(hs.iterator().next()) : Optional.ofNullable(p.folderNode());
                    if (node.isPresent()) {
                        a = a.withNode(node.get(), hs.size() == 1 ? NodeSource.CONTENT : NodeSource.FOLDER);
                    }
                }
                out.add(a);
                if (p.folderKey() != null && bundleTimes.containsKey(p.folderKey()) && p.rel() != null) {
                    bundleFiles.computeIfAbsent(p.folderKey(), k -> new LinkedHashMap<>()).put(p.rel(), a);
                    if (p.folderNode() != null) bundleNodes.putIfAbsent(p.folderKey(), p.folderNode());
                }
            }
            List<Bundle> bundles = new ArrayList<>();
            bundleFiles.forEach((k, files) -> bundles.add(new Bundle(bundleNodes.getOrDefault(k, k), k, bundleTimes.get(k), files)));
            return new Evidence(out, problems, bundles);
        }
    }
}

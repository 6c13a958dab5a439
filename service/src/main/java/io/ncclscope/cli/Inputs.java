package io.ncclscope.cli;

import io.ncclscope.collect.BundleArchive;
import io.ncclscope.parsers.TextDecoding;
import io.ncclscope.sdk.evidence.Evidence;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the commands read, read the same way by each: file and folder arguments, and {@code -} for standard input.
 * A path that does not exist is reported on stderr as {@code ncclscope: PATH: no such file or folder} and left out,
 * so one typo does not hide what the other inputs show; the command then exits 2. Text is decoded by
 * {@link TextDecoding}'s rule, as the service decodes it: a byte order mark (UTF-16 from PowerShell), else UTF-8,
 * malformed bytes replaced and warned about. A bundle archive ({@code .tar.gz}, {@code .tgz}, {@code .tar} or
 * {@code .zip}, as {@code collect --out F.tar.gz} writes it) is unpacked, within {@link ArchiveLimits}, into a
 * temporary folder, read like the folder, and deleted by {@link #close()} (the evidence quotes its lines from the
 * files until the report is rendered), or by a shutdown hook when the process is ended first (SIGINT, SIGTERM).
 */
final class Inputs implements AutoCloseable {

    /** The argument that stands for standard input. */
    static final String STDIN = "-";

    private final List<String> args;
    private final InputStream stdin;
    private final PrintWriter err;
    private boolean missing;
    private final ArchiveLimits limits;
    /** Folders archives were unpacked into; the shutdown hook reads it from another thread. */
    private final List<Path> temporary = java.util.Collections.synchronizedList(new ArrayList<>());
    private Thread cleanup;

    /**
     * @param args  the command's arguments as given
     * @param stdin what {@code -} reads
     * @param err   where a missing path or an unreadable input is reported
     */
    Inputs(List<String> args, InputStream stdin, PrintWriter err) {
        this(args, stdin, err, ArchiveLimits.DEFAULTS);
    }

    /** As above, archives unpacked within {@code limits}. */
    Inputs(List<String> args, InputStream stdin, PrintWriter err, ArchiveLimits limits) {
        this.args = List.copyOf(args);
        this.stdin = stdin;
        this.err = err;
        this.limits = limits;
    }

    /** One input to read: standard input ({@code path} null) or an existing file or folder. */
    record Input(String arg, Path path) {
        boolean isStdin() {
            return path == null;
        }
    }

    /** The inputs that exist, in the order given; each missing one is reported and makes {@link #missing()} true. */
    List<Input> existing() {
        List<Input> out = new ArrayList<>(args.size());
        for (String a : args) {
            if (a.equals(STDIN)) {
                out.add(new Input(a, null));
                continue;
            }
            Path p = Path.of(a);
            if (Files.exists(p)) {
                out.add(new Input(a, p));
            } else {
                err.println("ncclscope: " + a + ": no such file or folder");
                missing = true;
            }
        }
        return out;
    }

    /**
     * True when an input is a folder or a bundle archive: a bundle in which nothing could be judged is a report whose
     * verdict is inconclusive (exit 4), while files that are no tool's output are bad input (exit 2).
     */
    boolean holdsBundle() {
        for (String a : args) {
            if (a.equals(STDIN)) continue;
            Path p = Path.of(a);
            if (Files.isDirectory(p) || (Files.isRegularFile(p) && BundleArchive.isArchive(p.getFileName().toString()))) return true;
        }
        return false;
    }

    /** True when an argument named no file or folder (after {@link #existing()} or {@link #evidence()}). */
    boolean missing() {
        return missing;
    }

    /**
     * The bytes of one file or standard input, for {@link io.ncclscope.parsers.Parsers#parse(InputStream,
     * io.ncclscope.parsers.Kind, io.ncclscope.parsers.ParseLimits)} (which reads a pickled Flight Recorder dump as
     * bytes and decodes everything else by {@link TextDecoding}'s rule); a folder is an {@link IOException} saying so.
     */
    InputStream stream(Input in) throws IOException {
        if (in.isStdin()) return new java.io.BufferedInputStream(stdin, 1 << 16);
        if (Files.isDirectory(in.path())) {
            throw new IOException("is a folder (parse reads files; analyze reads folders)");
        }
        return new java.io.BufferedInputStream(Files.newInputStream(in.path()), 1 << 16);
    }

    /** A reader over one file or standard input; a folder is an {@link IOException} saying so. */
    Reader reader(Input in) throws IOException {
        if (in.isStdin()) return new BufferedReader(TextDecoding.reader(stdin, null), 1 << 16);
        if (Files.isDirectory(in.path())) {
            throw new IOException("is a folder (parse reads files; analyze reads folders)");
        }
        return new BufferedReader(TextDecoding.reader(Files.newInputStream(in.path()), null), 1 << 16);
    }

    /**
     * Every input as evidence: files and folders (bundles of node folders) as {@link Evidence.Builder#addPath}
     * reads them, standard input streamed with its kind and node taken from its content. Inputs that could not be
     * read are reported on stderr.
     */
    Evidence evidence() throws IOException {
        Evidence.Builder b = Evidence.builder();
        for (Input in : existing()) {
            if (in.isStdin()) {
                b.addReader("stdin", reader(in), null, null);
            } else {
                Path p = unpacked(in);
                if (p != null) b.addPath(p);
            }
        }
        Evidence e = b.build();
        e.problems().forEach(pr -> err.println("ncclscope: " + pr.name() + ": " + pr.message()));
        return e;
    }

    /**
     * Every input as a file or folder, archives unpacked (as {@link #evidence()} reads them), for a read that goes
     * one node at a time; null when standard input is one of them (then {@link #evidence()} reads everything). A
     * missing path or an archive that cannot be unpacked is reported and left out.
     */
    List<Path> paths() throws IOException {
        List<Input> inputs = existing();
        if (inputs.stream().anyMatch(Input::isStdin)) return null;
        List<Path> out = new ArrayList<>(inputs.size());
        for (Input in : inputs) {
            Path p = unpacked(in);
            if (p != null) out.add(p);
        }
        return out;
    }

    /** The input's path, or the root of the bundle an archive holds once unpacked; null when it cannot be unpacked. */
    private Path unpacked(Input in) throws IOException {
        if (!Files.isRegularFile(in.path()) || !BundleArchive.isArchive(in.path().getFileName().toString())) return in.path();
        Path dir = Files.createTempDirectory("ncclscope-archive-");
        temporary.add(dir);
        if (cleanup == null) {
            cleanup = new Thread(this::deleteTemporary, "ncclscope-inputs-cleanup");
            Runtime.getRuntime().addShutdownHook(cleanup);
        }
        try {
            Path laid = new BundleArchive(dir, limits.entries, limits.bytes, limits.depth)
                    .add(in.path().getFileName().toString(), in.path());
            return BundleArchive.bundleRoot(laid);
        } catch (BundleArchive.RejectedException | IOException e) {
            err.println("ncclscope: " + in.arg() + ": " + e.getMessage());
            missing = true;
            return null;
        }
    }

    /** Deletes the folders archives were unpacked into, and the shutdown hook that would have. */
    @Override
    public void close() {
        deleteTemporary();
        if (cleanup != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException e) {
                // Already shutting down: the hook runs, and finds nothing left to delete.
            }
            cleanup = null;
        }
    }

    /** The shutdown hook that deletes the unpacked folders; null before an archive is unpacked (for tests). */
    Thread cleanupHook() {
        return cleanup;
    }

    /** The folders unpacked into (for tests). */
    List<Path> temporary() {
        return List.copyOf(temporary);
    }

    private void deleteTemporary() {
        synchronized (temporary) {
            for (Path dir : temporary) {
                try {
                    BundleArchive.delete(dir);
                } catch (IOException e) {
                    err.println("ncclscope: could not delete " + dir + ": " + e.getMessage());
                    err.flush();
                }
            }
            temporary.clear();
        }
    }
}

package io.ncclscope.cli;

import io.ncclscope.collect.BundleArchive;
import io.ncclscope.sdk.evidence.Evidence;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the commands read, read the same way by each: file and folder arguments, and {@code -} for standard input.
 * A path that does not exist is reported on stderr as {@code ncclscope: PATH: no such file or folder} and left out,
 * so one typo does not hide what the other inputs show; the command then exits 2. Text is UTF-8 with malformed bytes
 * replaced: tool outputs are pasted from anywhere. A bundle archive ({@code .tar.gz}, {@code .tgz}, {@code .tar} or
 * {@code .zip}, as {@code collect --out F.tar.gz} writes it) is unpacked into a temporary folder, read like the folder,
 * and deleted by {@link #close()}: the evidence quotes its lines from the files until the report is rendered.
 */
final class Inputs implements AutoCloseable {

    /** Limits on an archive given on the command line: far above any collect bundle, below a disk-filling bomb. */
    private static final int MAX_ARCHIVE_ENTRIES = 1_000_000;
    private static final long MAX_UNPACKED_BYTES = 16L << 30;

    /** The argument that stands for standard input. */
    static final String STDIN = "-";

    private final List<String> args;
    private final InputStream stdin;
    private final PrintWriter err;
    private boolean missing;
    private final List<Path> temporary = new ArrayList<>();

    /**
     * @param args  the command's arguments as given
     * @param stdin what {@code -} reads
     * @param err   where a missing path or an unreadable input is reported
     */
    Inputs(List<String> args, InputStream stdin, PrintWriter err) {
        this.args = List.copyOf(args);
        this.stdin = stdin;
        this.err = err;
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

    /** True when an argument named no file or folder (after {@link #existing()} or {@link #evidence()}). */
    boolean missing() {
        return missing;
    }

    /** A reader over one file or standard input; a folder is an {@link IOException} saying so. */
    Reader reader(Input in) throws IOException {
        if (in.isStdin()) return new BufferedReader(new InputStreamReader(stdin, decoder()), 1 << 16);
        if (Files.isDirectory(in.path())) {
            throw new IOException("is a folder (parse reads files; analyze reads folders)");
        }
        return new BufferedReader(new InputStreamReader(Files.newInputStream(in.path()), decoder()), 1 << 16);
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
        try {
            Path laid = new BundleArchive(dir, MAX_ARCHIVE_ENTRIES, MAX_UNPACKED_BYTES).add(in.path().getFileName().toString(), in.path());
            return BundleArchive.bundleRoot(laid);
        } catch (BundleArchive.RejectedException | IOException e) {
            err.println("ncclscope: " + in.arg() + ": " + e.getMessage());
            missing = true;
            return null;
        }
    }

    /** Deletes the folders archives were unpacked into. */
    @Override
    public void close() {
        for (Path dir : temporary) {
            try {
                BundleArchive.delete(dir);
            } catch (IOException e) {
                err.println("ncclscope: could not delete " + dir + ": " + e.getMessage());
            }
        }
        temporary.clear();
    }

    private static CharsetDecoder decoder() {
        return StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
    }
}

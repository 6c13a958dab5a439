package io.ncclscope.collect;

import io.ncclscope.parsers.Kind;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One command of the allow-list: where its standard output goes in the bundle, its argv (run directly, never
 * through a shell), and the kind ncclscope reads the output as.
 *
 * @param file  the output file, relative to the bundle folder ({@code sys/topo-m.txt})
 * @param argv  the command and its arguments; {@code argv.get(0)} is looked up on the search path
 * @param kind  the kind {@code ncclscope analyze} detects in the output ({@link Kind#UNKNOWN} when none)
 * @param keep  when non-null, only the output lines this pattern finds are kept (the rest is counted, not
 *              written): used for {@code dmesg}, whose full buffer is mostly unrelated and may hold personal data
 */
public record Probe(String file, List<String> argv, Kind kind, Pattern keep) {

    /** Copies the argv and checks that the file stays inside the bundle. */
    public Probe {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(kind, "kind");
        argv = List.copyOf(argv);
        if (argv.isEmpty()) throw new IllegalArgumentException("empty argv for " + file);
        if (file.isEmpty() || file.startsWith("/") || file.contains("..") || file.contains("\\")) {
            throw new IllegalArgumentException("bundle file must be a plain relative path: " + file);
        }
    }

    /** A probe that keeps the whole output. */
    public Probe(String file, Kind kind, String... argv) {
        this(file, List.of(argv), kind, null);
    }

    /** The program name ({@code argv[0]}). */
    public String tool() {
        return argv.get(0);
    }

    /** The command as a user would type it. */
    public String commandLine() {
        return String.join(" ", argv);
    }
}

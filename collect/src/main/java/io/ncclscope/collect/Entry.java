package io.ncclscope.collect;

import java.util.List;
import java.util.Objects;

/**
 * One step of a collection as the manifest records it: a command of the allow-list, or a set of files read
 * from {@code /sys} or the environment.
 *
 * @param file        the output file, relative to the bundle; {@code null} when nothing was written (missing
 *                    tool, empty output)
 * @param argv        the command as run (empty for file reads)
 * @param source      what was read instead of running a command ({@code /sys/class/net/STAR/mtu}, {@code environ});
 *                    {@code null} for commands
 * @param executable  the program's resolved path; {@code null} when not found or for file reads
 * @param outcome     how it ended
 * @param exitCode    the exit status; {@code null} when the program did not run or was killed
 * @param durationMs  wall time in milliseconds
 * @param bytes       bytes written to {@code file}; {@code null} when no file
 * @param truncated   {@code true} when the output was cut at the size limit; {@code null} otherwise
 * @param toolVersion the tool's own version line(s) ({@code ethtool --version}); {@code null} when unknown
 * @param note        the first lines of standard error, or why the step was skipped; {@code null} when none
 */
public record Entry(String file, List<String> argv, String source, String executable, Outcome outcome,
                    Integer exitCode, long durationMs, Long bytes, Boolean truncated, String toolVersion, String note) {

    /** Copies the argv. */
    public Entry {
        argv = List.copyOf(argv);
        Objects.requireNonNull(outcome, "outcome");
    }

    /** The same entry with a tool version. */
    public Entry withToolVersion(String v) {
        return new Entry(file, argv, source, executable, outcome, exitCode, durationMs, bytes, truncated, v, note);
    }

    /** The command as a user would type it, or the source read. */
    public String what() {
        return argv.isEmpty() ? String.valueOf(source) : String.join(" ", argv);
    }
}

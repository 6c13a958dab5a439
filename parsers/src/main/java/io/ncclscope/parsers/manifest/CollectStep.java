package io.ncclscope.parsers.manifest;

import java.util.Objects;

/**
 * One step of a collection: a command of the allow-list, or a read of {@code /sys} or the environment.
 *
 * @param command  the command as typed ({@code nvidia-smi -q}), or what was read ({@code /sys/class/net/STAR/mtu})
 * @param file     the output file in the bundle ({@code sys/nvsmi-q.txt}); null when nothing was written
 * @param outcome  how it ended
 * @param exitCode the exit status; null when the program did not run or was killed
 * @param note     the first lines of standard error, or why the step was skipped; null when none
 * @param line     1-based line of the step's {@code outcome} in the manifest
 * @param noteLine 1-based line of its {@code note}; 0 when none
 */
public record CollectStep(String command, String file, StepOutcome outcome, Integer exitCode, String note, int line,
                          int noteLine) {

    /**
     * Checks the command and outcome are present.
     *
     * @param command  the command as typed
     * @param file     the output file in the bundle; nullable
     * @param outcome  how it ended
     * @param exitCode the exit status; nullable
     * @param note     standard error's first lines, or why skipped; nullable
     * @param line     1-based line of the step's outcome
     * @param noteLine 1-based line of its note; 0 when none
     */
    public CollectStep {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(outcome, "outcome");
    }

    /** {@return the program the step ran ({@code nvidia-smi}); the whole command for file reads} */
    public String tool() {
        int sp = command.indexOf(' ');
        return command.startsWith("/") || sp < 0 ? command : command.substring(0, sp);
    }
}

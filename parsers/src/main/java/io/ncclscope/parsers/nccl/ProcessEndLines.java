package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.LineRegions.cut;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What launchers, schedulers and the kernel print when a process of the job ends badly, read as one family: the
 * process, where it ran and how it ended, from the line's own words. Each layout is its source's format:
 *
 * <ul>
 *   <li>Open MPI and PRRTE ({@code orte/tools/orterun/help-orterun.txt}, {@code help-prun.txt},
 *       {@code proc-aborted-strsignal}): {@code mpirun noticed that process rank 3 with PID 4711 on node n1 exited on
 *       signal 9 (Killed).};</li>
 *   <li>Slurm's srun ({@code _task_finish}): {@code srun: error: n1: task 3: Killed}, {@code ...: Out Of Memory},
 *       {@code ...: Exited with exit code 1}; slurmstepd's cgroup plugin: {@code Detected 1 oom-kill event(s) in
 *       StepId=12.0. ...};</li>
 *   <li>torchrun's agent ({@code torch/distributed/elastic/multiprocessing/api.py}): {@code failed (exitcode: -9)
 *       local_rank: 3 (pid: 4711) of binary: /usr/bin/python3}, before the failure table that {@code ChildFailedError}
 *       prints (a negative code is the signal that ended the worker);</li>
 *   <li>DeepSpeed's launcher ({@code deepspeed/launcher/launch.py}): {@code [...] exits with return code = -9} (a
 *       negative code is the signal that ended the process);</li>
 *   <li>the kernel's OOM killer ({@code mm/oom_kill.c}): {@code Out of memory: Killed process 4711 (python)
 *       total-vm:...}, pasted with the job's output; Kubernetes: a container's {@code OOMKilled} reason.</li>
 * </ul>
 *
 * Each line becomes one {@link LauncherErrorKind#PROCESS_ENDED} report with the rank, host, pid and signal or exit code
 * the line prints; what the line means for the diagnosis is the message catalogue's to say. The launchers' lines that
 * name no process's end of its own (slurmstepd's {@code CANCELLED AT}, DeepSpeed's {@code Killing subprocess}, mpirun's
 * {@code terminated normally, but}) have catalogue rows but are not read: the scanner's sought words are few.
 */
final class ProcessEndLines {

    /** A line of the family holds one of these. */
    static final String[] TEXTS = {" noticed that process rank ", "srun: error: ", "oom-kill event",
        " exits with return code = ", "Killed process ", "OOMKilled", ") local_rank: "};

    /** {@link #TEXTS} as words of the line's pairs. */
    static final LineBigrams.Word[] WORDS = NcclLogSignatures.words(TEXTS);

    /** mpirun's and prterun's {@code %s noticed that process rank %lu with PID %lu on node %s exited on signal %d (%s).} */
    private static final Pattern MPI = Pattern.compile(
            "noticed that process rank (\\d+) with PID (\\d+) on node \"?([^\\s\"]+)\"? exited on signal (\\d+)(?: \\(([^)]*)\\))?");
    /** srun's {@code %s: %s %s: %s%s}: hosts, {@code task} or {@code tasks}, the task ids, how they ended. */
    private static final Pattern SRUN = Pattern.compile("srun: error: (\\S+): tasks? (\\d+)[-,\\d]*: (.+?)\\s*$");
    /** DeepSpeed's {@code %s exits with return code = %d}; the command names the local rank. */
    private static final Pattern RETURN_CODE = Pattern.compile(" exits with return code = (-?\\d+)");
    private static final Pattern LOCAL_RANK = Pattern.compile("--local_rank=(\\d+)");
    /** torchrun's agent ({@code _poll} in torch/distributed/elastic/multiprocessing/api.py), before its failure table. */
    private static final Pattern TORCHRUN = Pattern.compile("failed \\(exitcode: (-?\\d+)\\) local_rank: (\\d+) \\(pid: (\\d+)\\) of binary: ");
    /** The kernel's {@code %s: Killed process %d (%s) total-vm:%lukB, ...} (older kernels without the {@code %s: }). */
    private static final Pattern OOM_KILLER = Pattern.compile("Killed process (\\d+) \\(([^)]*)\\) total-vm:");

    private final LauncherErrors errors;

    ProcessEndLines(LauncherErrors errors) {
        this.errors = errors;
    }

    /**
     * {@return whether the line {@code bigrams} read holds one of {@link #WORDS} after {@code from}} Searched, not only
     * guessed from the line's pairs: the words are made of common pairs, and a line that only may hold one would be
     * matched against every pattern of {@link #on}.
     */
    static boolean holds(LineBigrams bigrams, String line, int from) {
        for (LineBigrams.Word w : WORDS) {
            if (bigrams.indexOf(line, w, from) >= 0) return true;
        }
        return false;
    }

    /**
     * Reads the line when it is one of the family.
     *
     * @param line one line
     * @param no   its 1-based number
     * @param s    where the message starts, after the launcher's prefix
     * @param rank the rank the launcher's prefix names, or null
     * @return true when the line was one of the family
     */
    boolean on(String line, int no, int s, Integer rank) {
        String t = line.substring(s).trim();
        LauncherErrorEntry e = new LauncherErrorEntry(LauncherErrorKind.PROCESS_ENDED, no);
        e.rank = rank;
        Matcher m;
        if ((m = MPI.matcher(t)).find()) {
            e.rank = ToolValues.integer(m.group(1));
            e.pid = ToolValues.longValue(m.group(2));
            e.host = cut(m.group(3));
            e.exitCode = negative(m.group(4));
            e.reason = cut("signal " + m.group(4) + (m.group(5) != null ? " (" + m.group(5) + ")" : ""));
        } else if ((m = SRUN.matcher(t)).find()) {
            e.host = cut(m.group(1));
            e.rank = ToolValues.integer(m.group(2));
            e.reason = cut(m.group(3));
        } else if ((m = RETURN_CODE.matcher(t)).find()) {
            e.exitCode = ToolValues.integer(m.group(1));
            e.reason = cut("return code = " + m.group(1));
            Matcher local = LOCAL_RANK.matcher(t);
            if (e.rank == null && local.find()) e.rank = ToolValues.integer(local.group(1));
        } else if ((m = TORCHRUN.matcher(t)).find()) {
            // A local rank, not the job's rank: said in the reason, which the table after it (when not cut) completes.
            e.exitCode = ToolValues.integer(m.group(1));
            e.pid = ToolValues.longValue(m.group(3));
            e.reason = cut("exitcode " + m.group(1) + " (local_rank " + m.group(2) + ")");
        } else if ((m = OOM_KILLER.matcher(t)).find()) {
            e.pid = ToolValues.longValue(m.group(1));
            e.reason = cut("Killed process " + m.group(1) + " (" + m.group(2) + ")");
        } else if (!t.contains("oom-kill event") && !t.contains("OOMKilled")) {
            return false;
        }
        e.text = cut(t);
        errors.finishLaunch(e);
        return true;
    }

    private static Integer negative(String signal) {
        Integer n = ToolValues.integer(signal);
        return n == null ? null : -n;
    }
}

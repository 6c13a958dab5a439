package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.dmesg.DmesgData;
import io.ncclscope.parsers.dmesg.DmesgEvent;
import io.ncclscope.parsers.dmesg.DmesgEventType;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The kernel's own record of the processes its OOM killer ended ({@code dmesg}, {@code journalctl -k}: mm/oom_kill.c's
 * {@code Out of memory: Killed process 4711 (python3) total-vm:...}): {@code RANK_KILLED_BY_OOM} on the node, one
 * finding per process, quoting the kernel's line. A node whose training process the kernel killed has not failed in
 * the network, whatever its peers' logs say next; the launcher's own lines on the kill (srun, torchrun, Kubernetes) are
 * read from the job's log ({@link Classifier#launcherLine}). Stateless.
 */
final class KernelKills {

    private static final String CODE = Classifier.KILLED_BY_OOM;

    private KernelKills() {
    }

    /** {@return a finding per process the kernel's OOM killer ended in {@code kernel}, in the log's order} */
    static List<Finding> of(Artifact a, DmesgData kernel) {
        List<Finding> out = new ArrayList<>(0);
        String node = a.node().orElse(null);
        for (DmesgEvent e : kernel.events()) {
            if (e.type() != DmesgEventType.OOM_KILL) continue;
            String host = node != null ? node : e.host(); // a journal's line names its host
            String process = "process " + e.pid() + " (" + e.process() + ")";
            out.add(new Finding(CODE, FindingSeverity.CRITICAL, Subject.node(host),
                    Message.of(ErrorsAnalyzer.class, "oom.killed", "who", host == null ? process : host + ", " + process,
                            "text", e.message()),
                    List.of(a.quote(e.line(), e.message())), Map.of()));
        }
        return out;
    }
}

package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.InterfaceKind;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.Evidence.Item;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Errors in logs: every NCCL WARN line, the launcher's error reports (PyTorch, torchrun) and nccl-tests failures,
 * walked back to their first cause.
 *
 * <p>A generic {@code unhandled system error}, {@code remote process exited} or {@code ncclRemoteError} is not the
 * diagnosis: the analyzer finds the first WARN line that caused it (no socket interface, a connect that timed out,
 * shared memory, an {@code ibv_*} call, a CUDA allocation...) and names the finding after it, with the evidence chain
 * root WARN line, the {@code -> N} return-code trace, the launcher's report, then the same failure on other ranks and
 * the consequences (peers that saw their socket closed, flushed work requests, watchdog timeouts). The subject is the
 * first failing rank and host. Only when no cause is printed does the generic error name the finding.
 *
 * <p>It also checks what must agree across ranks (NCCL versions, rank to host and GPU mapping per communicator), NCCL
 * variables NCCL cannot accept, {@code NCCL_DEBUG_FILE}, a network plugin asked for but not loaded, and nccl-tests
 * failures (threshold, data check, timeout, arguments).
 *
 * <p>Stateless and thread-safe; linear in the size of the evidence.
 */
public final class ErrorsAnalyzer implements Analyzer {

    @Override
    public String name() {
        return "errors";
    }

    @Override
    public List<Finding> analyze(Evidence evidence) {
        Objects.requireNonNull(evidence, "evidence");
        List<Item<NcclLog>> logs = evidence.all(NcclLog.class);
        List<Item<NcclTestsData>> tests = evidence.all(NcclTestsData.class);
        if (logs.isEmpty() && tests.isEmpty()) return List.of();

        Walk walk = new Walk();
        int order = 0;
        for (Item<NcclLog> it : logs) walk.addLog(it.artifact(), order++, it.data());
        for (Item<NcclTestsData> it : tests) walk.addTests(it.artifact(), order++, it.data());
        walk.run();

        List<Finding> out = new ArrayList<>(CaseFindings.build(walk, goodInterfaces(logs)));
        if (!walk.hasCauses()) out.addAll(Watchdogs.build(walk.watches));

        Set<String> codes = new HashSet<>();
        for (Finding f : out) codes.add(f.code());
        Set<String> dupKeys = new HashSet<>();
        Set<String> withCause = new HashSet<>();
        for (Walk.Case c : walk.cases) {
            if (c.code.equals(Classifier.DUPLICATE)) dupKeys.add(CaseFindings.groupKey(c));
            withCause.add(c.root != null ? c.root.artifact.name() : c.generic.artifact().name());
        }
        out.addAll(Consistency.versions(logs, tests, codes));
        out.addAll(Consistency.mapping(logs, dupKeys, codes));
        out.addAll(Consistency.testsDevices(tests, codes));

        Set<String> envReported = new HashSet<>();
        for (Finding f : out) {
            if (f.code().equals(Classifier.ENV) && f.params().containsKey("env")) envReported.add(f.params().get("env"));
        }
        out.addAll(Settings.check(logs, envReported));
        out.addAll(TestsChecks.check(tests, withCause));
        return out;
    }

    /** Per host, the first bootstrap or socket interface NCCL used that can reach other nodes, from any log. */
    private static Map<String, String> goodInterfaces(List<Item<NcclLog>> logs) {
        Map<String, String> m = new HashMap<>();
        for (Item<NcclLog> it : logs) {
            for (NcclInterface i : it.data().interfaces()) {
                if (i.kind() != InterfaceKind.BOOTSTRAP && i.kind() != InterfaceKind.SOCKET) continue;
                if (Context.suspicious(i.name(), i.address())) continue;
                String host = i.host() != null ? i.host() : it.artifact().node().orElse("");
                m.putIfAbsent(host, i.name());
            }
        }
        return m;
    }
}

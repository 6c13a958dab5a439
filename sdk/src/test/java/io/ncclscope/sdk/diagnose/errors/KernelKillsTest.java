package io.ncclscope.sdk.diagnose.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.report.Verdict;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The kernel's OOM killer, in the node's own kernel log, named as the first failure of the node it ran on. */
class KernelKillsTest {

    /** mm/oom_kill.c's lines around a kill, as dmesg prints them (the process killed is the training job's). */
    private static final String DMESG = """
            [1187234.112233] python3 invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0
            [1187234.112240] CPU: 17 PID: 48211 Comm: python3 Tainted: P           OE     5.15.0-105-generic #115-Ubuntu
            [1187234.112470] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice,task=python3,pid=48211,uid=0
            [1187234.112512] Out of memory: Killed process 48211 (python3) total-vm:1649382712kB, anon-rss:843950616kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:1660156kB oom_score_adj:0
            [1187235.004411] oom_reaper: reaped process 48211 (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB
            """;

    @Test
    void aKernelLogWithAnOomKillIsNotHealthy() {
        // before: HEALTHY, "no problem found", with the kill in plain sight
        Report r = NcclScope.analyze(Evidence.builder().addText("dmesg.txt", DMESG, "gpu07").build(), Locale.ENGLISH);
        assertThat(r.verdict()).isEqualTo(Verdict.PROBLEMS);
        LocalizedFinding f = r.findings().get(0);
        assertThat(f.code()).isEqualTo("RANK_KILLED_BY_OOM");
        assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
        assertThat(f.subject().node()).isEqualTo("gpu07");
        assertThat(f.detail()).contains("gpu07, process 48211 (python3)", "out-of-memory killer");
        assertThat(f.evidence()).singleElement().satisfies(l -> {
            assertThat(l.line()).isEqualTo(4);
            assertThat(l.text()).contains("Killed process 48211 (python3)");
        });
    }

    @Test
    void aJournalNamesTheNodeAndEachKillIsItsOwnFinding() {
        String journal = """
                Dec 04 12:00:00 gpu07 kernel: Memory cgroup out of memory: Killed process 5120 (pt_main_thread) total-vm:98765432kB, anon-rss:4567890kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:9000kB oom_score_adj:0
                Dec 04 12:00:01 gpu07 kernel: Memory cgroup out of memory: Killed process 5121 (pt_main_thread) total-vm:98765432kB, anon-rss:4567890kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:9000kB oom_score_adj:0
                Dec 04 12:00:02 gpu07 kernel: NVRM: GPU at PCI:0000:18:00: GPU-6f7b4f4d-3c4e-2a1b-9d8e-112233445566
                """;
        Report r = NcclScope.analyze(Evidence.builder().addText("journal.txt", journal).build(), Locale.ENGLISH);
        List<LocalizedFinding> kills = r.findings().stream().filter(f -> f.code().equals("RANK_KILLED_BY_OOM")).toList();
        assertThat(kills).hasSize(2).allSatisfy(f -> assertThat(f.subject().node()).isEqualTo("gpu07"));
        assertThat(kills).extracting(LocalizedFinding::detail).anySatisfy(d -> assertThat(d).contains("process 5121 (pt_main_thread)"));
    }
}

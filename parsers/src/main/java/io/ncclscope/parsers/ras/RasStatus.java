package io.ncclscope.parsers.ras;

import java.util.List;

/**
 * The status report of NCCL's RAS client ({@code ncclras}, NCCL 2.24+; or {@code echo verbose status | nc localhost
 * 28028}): the job summary, the communicators table, and the errors and warnings (dead or missing processes,
 * unreachable peers, communicators not OK, ranks whose operation counts differ).
 *
 * @param ncclVersion  {@code NCCL version 2.30.7 ...}; nullable
 * @param nodes        nodes in the job; nullable
 * @param processes    processes in the job; nullable
 * @param gpus         GPUs in the job; nullable
 * @param communicators the communicators table
 * @param issues       the errors and warnings
 */
public record RasStatus(String ncclVersion, Integer nodes, Integer processes, Integer gpus,
                        List<RasCommunicators> communicators, List<RasIssue> issues) {

    /**
     * Copies the lists into unmodifiable ones.
     *
     * @param ncclVersion  {@code NCCL version 2.30.7 ...}; nullable
     * @param nodes        nodes in the job; nullable
     * @param processes    processes in the job; nullable
     * @param gpus         GPUs in the job; nullable
     * @param communicators the communicators table
     * @param issues       the errors and warnings
     * @throws NullPointerException when a list is null
     */
    public RasStatus {
        communicators = List.copyOf(communicators);
        issues = List.copyOf(issues);
    }
}

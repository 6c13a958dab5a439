package io.ncclscope.parsers.nccl;

/**
 * An error report of the launcher around the NCCL lines: PyTorch's {@code NCCL error in: ...} block, watchdog timeouts,
 * torchrun's {@code ChildFailedError}, CUDA and other runtime errors. Components that do not apply to the kind, or
 * were not printed, are null. Identical reports are counted.
 *
 * @param line               1-based line where the report starts
 * @param kind               the kind of report
 * @param rank               the rank it concerns ({@code [Rank 3]}, {@code [rank3]:}, srun {@code 3: }); nullable
 * @param exception          the exception type before the message ({@code torch.distributed.DistBackendError}); nullable
 * @param source             PyTorch's source location ({@code ProcessGroupNCCL.cpp:1727}); nullable
 * @param reason             the reason phrase ({@code unhandled system error}; store lost: {@code Connection reset by peer};
 *                           child failure: the signal, {@code Signal 9 (SIGKILL) received by PID 4711}); nullable
 * @param error              the NCCL result, from the {@code ncclSystemError: ...} line or the reason; nullable
 * @param ncclVersion        the NCCL version PyTorch reported, normalised ({@code 21.1.4} becomes {@code 2.11.4}); nullable
 * @param ncclVersionPrinted the version as printed; nullable
 * @param lastError          the {@code Last error:} text (NCCL's last WARN); nullable
 * @param lastErrorLine      1-based line of the last-error text; nullable
 * @param lastErrorKind      what the last-error text says; nullable
 * @param processGroup       watchdog: the process group ({@code 3} of {@code [PG 3 Rank 5]}); nullable
 * @param seqNum             watchdog: {@code SeqNum}; nullable
 * @param opType             watchdog: {@code OpType} ({@code ALLREDUCE}, {@code _REDUCE_SCATTER_BASE}); nullable
 * @param numelIn            watchdog: {@code NumelIn}; nullable
 * @param numelOut           watchdog: {@code NumelOut}; nullable
 * @param timeoutMs          watchdog: {@code Timeout(ms)}; nullable
 * @param ranForMs           watchdog: {@code ran for N milliseconds}; nullable
 * @param lastEnqueued       watchdog: {@code last enqueued NCCL work}; nullable
 * @param lastCompleted      watchdog: {@code last completed NCCL work}; nullable
 * @param exitCode           child failure: exit code of the root-cause rank; nullable
 * @param pid                child failure: pid of the root-cause rank; nullable
 * @param host               child failure: host of the root-cause rank; store lost: the store's host; nullable
 * @param text               the report's line (trimmed, at most 512 characters)
 * @param count              identical reports
 */
public record LauncherError(int line, LauncherErrorKind kind, Integer rank, String exception, String source, String reason,
                            NcclResult error, String ncclVersion, String ncclVersionPrinted, String lastError,
                            Integer lastErrorLine, EventKind lastErrorKind, String processGroup, Long seqNum, String opType,
                            Long numelIn, Long numelOut, Long timeoutMs, Long ranForMs, Long lastEnqueued,
                            Long lastCompleted, Integer exitCode, Long pid, String host, String text, long count) {
}

package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Pass;

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
public final class ErrorsAnalyzer implements Analyzer.Streamed {

    @Override
    public String name() {
        return "errors";
    }

    /**
     * {@return a pass that walks each NCCL log and nccl-tests output as its slice comes in and keeps only what the checks
     * across artifacts need} ({@link ErrorsPass}); the parsed data goes with the slice.
     */
    @Override
    public Pass pass() {
        return new ErrorsPass();
    }
}

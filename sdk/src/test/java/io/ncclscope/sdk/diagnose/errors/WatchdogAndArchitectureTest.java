package io.ncclscope.sdk.diagnose.errors;

import static io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzerTest.cause;
import static io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzerTest.en;
import static io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzerTest.only;
import static io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzerTest.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Finding;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two message families the corpus-more files showed, on inputs written from the sources that print them: PyTorch's
 * watchdog taking the process down with its timeout line cut away (ProcessGroupNCCL.cpp), and a GPU newer than the
 * NCCL build (src/enqueue.cc: an INFO line in NCCL 2.25, a WARN and ncclSystemError from 2.26).
 */
class WatchdogAndArchitectureTest {

    @Test
    void theWatchdogTakingTheProcessDownIsAWatchdogFindingWhenNothingElseFailed() {
        // corpus-more llamafactory-8261-1: only the lines after the timeout are in the paste.
        String log = "[rank4]:[E602 11:18:52.531176265 ProcessGroupNCCL.cpp:684] [Rank 4] Some NCCL operations have failed or "
                + "timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
                + "corrupted/incomplete data.\n"
                + "[rank4]:[E602 11:18:52.531247012 ProcessGroupNCCL.cpp:698] [Rank 4] To avoid data inconsistency, we are "
                + "taking the entire process down.\n";
        Finding f = only(text(log), "NCCL_WATCHDOG_TIMEOUT");
        assertThat(f.detail().key()).isEqualTo("watchdog.down");
        assertThat(en(f)).contains("rank 4", "took the process down");
    }

    @Test
    void theWatchdogTakingTheProcessDownAfterAnNcclErrorIsThatErrorsConsequence() {
        // corpus nccl-logs/stanford-alpaca-207-1.txt has both on one line: the NCCL error is read first.
        String log = "n1:10:20 [0] include/alloc.h:48 NCCL WARN Cuda failure 'out of memory'\n"
                + "[rank0]:[E602 11:18:52.5 ProcessGroupNCCL.cpp:684] [Rank 0] Some NCCL operations have failed or timed out.\n";
        only(text(log), "NCCL_OUT_OF_MEMORY");
    }

    @Test
    void ncclTwoTwentyFiveOnAGpuNewerThanItsBuildSaysSoInAnInfoLine() {
        // corpus-more nccl-1637-1: NCCL 2.25 goes on with less shared memory; its kernels then fail or hang.
        String log = "h:11344:11344 [1] NCCL INFO NCCL version 2.25.1+cuda12.2\n"
                + "h:11344:11344 [1] NCCL INFO ncclMaxSharedMem 82240 exceeds device/fn maxSharedMem 79856\n";
        Finding f = only(text(log), "CUDA_ERROR");
        assertThat(f.detail().key()).isEqualTo("cuda.arch");
        assertThat(en(f)).contains("newer than this NCCL build supports", "82240");
    }

    @Test
    void newerNcclWarnsAndFailsForTheSameGpu() {
        String log = "h:1:1 [0] enqueue.cc:50 NCCL WARN cudaArch 1200 ncclMaxSharedMem 82240 exceeds device/fn maxSharedMem 79856\n"
                + "h:1:1 [0] NCCL INFO enqueue.cc:120 -> 2\n";
        List<Finding> fs = text(log);
        assertThat(cause(fs, "CUDA_ERROR", "NCCL_SYSTEM_ERROR").detail().key()).isEqualTo("cuda.arch");
    }

    @Test
    void otherSharedMemoryInfoLinesAreNotAFailure() {
        assertThat(text("h:1:1 [0] NCCL INFO ncclMaxSharedMem 82240 fits\n")).isEmpty();
    }
}

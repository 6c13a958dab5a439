package io.ncclscope.parsers.nccl;

/** The kinds of launcher (PyTorch, torchrun) error reports found around NCCL output. */
public enum LauncherErrorKind {
    /** PyTorch's {@code NCCL error in: .../ProcessGroupNCCL.cpp:N, <reason>, NCCL version X} block (also {@code NCCL error: ...}, {@code NCCL Error 1: ...}). */
    NCCL_ERROR,
    /** {@code Watchdog caught collective operation timeout: WorkNCCL(SeqNum=.., OpType=.., Timeout(ms)=..) ran for N milliseconds}. */
    WATCHDOG_TIMEOUT,
    /** {@code Exception (either an error or timeout) detected by watchdog at work: N, last enqueued ..., last completed ...} without a timeout line. */
    WATCHDOG_EXCEPTION,
    /** {@code torch.distributed.elastic.multiprocessing.errors.ChildFailedError} (torchrun), with the root-cause rank and exit code. */
    CHILD_FAILED,
    /** {@code CUDA error: ...}, {@code CUDA out of memory}. */
    CUDA_ERROR,
    /** Another {@code RuntimeError: ...}. */
    RUNTIME_ERROR,
    /**
     * PyTorch's c10d key-value store (TCPStore) lost its server: {@code [c10d] recvValue failed on SocketImpl(...):
     * Connection reset by peer}, {@code store->get('0') got error: Connection reset by peer}. The process hosting the
     * store (rank 0's, or the launcher agent's) exited: this rank is a victim.
     */
    STORE_LOST,
    /**
     * PyTorch's c10d key-value store (TCPStore) could not be set up: a client that timed out or failed to connect to
     * the store ({@code The client socket has timed out after 600000ms while trying to connect to (node0, 29500).},
     * {@code TCP client failed to connect/validate to host ...}), a server that could not listen on its port ({@code
     * The server socket has failed to listen on any local network address.}), a store that waited in vain for its
     * ranks ({@code Timed out after 900 seconds waiting for clients. 1/2 clients joined.}, {@code Timed out
     * initializing process group in store based barrier on rank 0, ...}). What each means is the message catalogue's
     * to say (torch/csrc/distributed/c10d/socket.cpp, TCPStore.cpp, torch/distributed/distributed_c10d.py).
     */
    STORE_SETUP,
    /**
     * A launcher, scheduler or the kernel saying how a process of the job ended: on a signal ({@code mpirun noticed that
     * process rank 3 with PID 4711 on node n1 exited on signal 9 (Killed).}, {@code srun: error: n1: task 3: Killed},
     * DeepSpeed's {@code exits with return code = -9}), or killed for its memory ({@code srun: error: n1: task 3: Out Of
     * Memory}, slurmstepd's {@code oom-kill event(s)}, the kernel's {@code Killed process 4711 (python) total-vm:...},
     * Kubernetes' {@code OOMKilled}); also srun's {@code Exited with exit code N}. The rank, host, pid, the signal or
     * reason, and a signal's negative exit code where the line prints them; what each means is the message catalogue's
     * to say.
     */
    PROCESS_ENDED
}

package io.ncclscope.parsers.nccl;

/**
 * What an NCCL WARN line (or a notable INFO line, or the {@code Last error} text PyTorch repeats) says.
 * Classified from the message text of NCCL's own {@code WARN(...)} calls; {@link #OTHER} when no rule matched.
 */
public enum EventKind {
    /** {@code init.cc:1350 -> 2}: NCCL returning an error code up the call stack. */
    RETURN_CODE,
    /** {@code Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 60} (2.30: {@code Multiple Ranks are using the same GPU}). */
    DUPLICATE_GPU,
    /** {@code Mismatched NCCL version detected}. */
    VERSION_MISMATCH,
    /** {@code Bootstrap : no socket interface found}, {@code No usable listening interface found}, {@code No interface found in the same subnet}. */
    NO_SOCKET_INTERFACE,
    /** {@code Socket creation failed : Address family not supported by protocol}. */
    SOCKET_CREATE_FAILED,
    /** {@code socketStartConnect: Connect to 10.0.0.2<45763> failed : ...}, {@code Call to connect failed : Connection timed out}. */
    SOCKET_CONNECT_FAILED,
    /** INFO {@code Call to connect returned Connection timed out, retrying}. */
    SOCKET_CONNECT_RETRY,
    /** {@code Connection closed by remote peer}, {@code Connection reset by peer}, {@code Socket recv failed}, {@code [Service thread] Connection closed}. */
    CONNECTION_LOST,
    /** {@code NET/Socket : peer ... message truncated : receiving N bytes instead of M}. */
    MESSAGE_TRUNCATED,
    /** {@code NET/IB : Got completion from peer X with error 12 ... vendor err 129}. */
    IB_COMPLETION_ERROR,
    /** Other NET/IB setup failures ({@code ibv_*} calls, devices that cannot be opened). */
    IB_SETUP_FAILED,
    /** {@code Failed to open libibverbs.so[.1]}. */
    IB_VERBS_MISSING,
    /** libfabric / aws-ofi-nccl errors ({@code NET/OFI Request ... completed with error}). */
    OFI_ERROR,
    /** INFO {@code NET/IB : No device found.} */
    NET_IB_NO_DEVICE,
    /** INFO {@code Failed to initialize NET plugin IB}. */
    NET_INIT_FAILED,
    /** Net plugin load messages. */
    NET_PLUGIN,
    /** INFO {@code NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'}. */
    GDR_DISABLED,
    /** INFO {@code NET/IB : GPU Direct RDMA Enabled for HCA 0 'mlx5_0'}. */
    GDR_ENABLED,
    /** {@code Cuda failure 'out of memory'}, {@code Cuda failure 1 'invalid argument'}. */
    CUDA_FAILURE,
    /** {@code Failed to CUDA calloc 6291456 bytes} and other allocation failures. */
    ALLOC_FAILED,
    /** Topology file / XML problems ({@code XML Parse : Unexpected EOF}). */
    TOPOLOGY_ERROR,
    /** Graph search or ring problems ({@code ring 0 does not loop back to start}). */
    GRAPH_ERROR,
    /** Proxy thread failures ({@code [Proxy Service 0] Failed to execute operation Connect}). */
    PROXY_ERROR,
    /** A WARN no rule above matched. */
    OTHER;

    /**
     * {@return what a WARN message says, by the words NCCL prints: the kind the parser gives a WARN line with this
     * message; never {@link #RETURN_CODE} or the kinds of INFO lines} For the text of an error the parser did not read
     * as a WARN line: an nccl-tests {@code # error:} line, a {@code Last error} kept elsewhere.
     *
     * @param message the message, without NCCL's line prefix; null gives {@link #OTHER}
     */
    public static EventKind of(String message) {
        return message == null ? OTHER : MessageKinds.classify(message, 0);
    }
}

package io.ncclscope.parsers.nccl;

/**
 * {@code NET/IB : Got completion from peer 10.0.35.1<49189> with error 4, opcode 5327, len 5327, vendor err 81 (Send)},
 * its {@code status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ... remoteGids...} and
 * {@code status=<text>(12) ... vendor_err=129 ... hca mlx5_0} forms. The status is the {@code ibv_wc_status}: 12 is
 * transport retry counter exceeded (the peer cannot be reached over RDMA), 5 is work request flushed (a consequence).
 * Repeats with the same host, peer, status, vendor error and GIDs are counted.
 *
 * @param host        host of the WARN line; nullable
 * @param pid         process id; nullable
 * @param cudaDev     the {@code [N]} of the prefix; nullable
 * @param peer        the peer address; nullable (older lines do not name it)
 * @param peerPort    the port in {@code <N>}; nullable
 * @param status      the completion status; nullable
 * @param statusText  the status text newer versions print; nullable
 * @param opcode      the opcode; nullable
 * @param length      the {@code len}; nullable
 * @param vendorError the vendor error; nullable
 * @param direction   {@code Recv} or {@code Send}; nullable
 * @param localGid    the local GID; nullable
 * @param remoteGid   the remote GID; nullable
 * @param hca         the HCA (newer versions); nullable
 * @param line        1-based line of the first occurrence
 * @param count       lines with this error
 */
public record IbCompletionError(String host, Long pid, Integer cudaDev, String peer, Integer peerPort, Integer status,
                                String statusText, Integer opcode, Long length, Integer vendorError, String direction,
                                String localGid, String remoteGid, String hca, int line, long count) {

    /** {@code enum ibv_wc_status} of libibverbs' verbs.h, in order of value. */
    private static final String[] STATUS_NAMES = {"IBV_WC_SUCCESS", "IBV_WC_LOC_LEN_ERR", "IBV_WC_LOC_QP_OP_ERR",
        "IBV_WC_LOC_EEC_OP_ERR", "IBV_WC_LOC_PROT_ERR", "IBV_WC_WR_FLUSH_ERR", "IBV_WC_MW_BIND_ERR", "IBV_WC_BAD_RESP_ERR",
        "IBV_WC_LOC_ACCESS_ERR", "IBV_WC_REM_INV_REQ_ERR", "IBV_WC_REM_ACCESS_ERR", "IBV_WC_REM_OP_ERR",
        "IBV_WC_RETRY_EXC_ERR", "IBV_WC_RNR_RETRY_EXC_ERR", "IBV_WC_LOC_RDD_VIOL_ERR", "IBV_WC_REM_INV_RD_REQ_ERR",
        "IBV_WC_REM_ABORT_ERR", "IBV_WC_INV_EECN_ERR", "IBV_WC_INV_EEC_STATE_ERR", "IBV_WC_FATAL_ERR",
        "IBV_WC_RESP_TIMEOUT_ERR", "IBV_WC_GENERAL_ERR"};

    /**
     * {@return the name of a completion status in libibverbs' {@code enum ibv_wc_status} ({@code 12} is {@code
     * IBV_WC_RETRY_EXC_ERR}); {@code status N} for a value it does not list, {@code ?} for null}
     *
     * @param status a {@link #status}; null allowed
     */
    public static String statusName(Integer status) {
        if (status == null) return "?";
        return status >= 0 && status < STATUS_NAMES.length ? STATUS_NAMES[status] : "status " + status;
    }
}

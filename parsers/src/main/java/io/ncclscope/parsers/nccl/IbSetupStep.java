package io.ncclscope.parsers.nccl;

import java.util.Locale;

/**
 * Which step of setting up RDMA a failure message ({@link EventKind#IB_SETUP_FAILED}) names, by the words NCCL's
 * NET/IB transport (src/transport/net_ib.cc, src/misc/ibvwrap.cc) and aws-ofi-nccl print.
 */
public enum IbSetupStep {
    /** aws-ofi-nccl's libfabric resources (address vector, completion queue, endpoint): {@code NET/OFI ...}. */
    OFI_RESOURCE,
    /**
     * {@code Call to ibv_modify_qp failed with 110 Connection timed out}: a queue pair that timed out moving to RTR or
     * RTS (ETIMEDOUT, src/misc/ibvwrap.cc).
     */
    QUEUE_PAIR_TIMEOUT,
    /** The GID the port was asked for: {@code NET/IB : ... GID}. */
    GID,
    /** Registering memory with the HCA: {@code ibv_reg_mr}, {@code regMr}, {@code Unable to register memory}. */
    MEMORY_REGISTRATION,
    /** Enhanced Connection Establishment: {@code ibv_query_ece}, {@code ibv_set_ece}. */
    ECE,
    /** Another call, or one the message does not name. */
    OTHER;

    /**
     * {@return the step a setup failure names}
     *
     * @param message the message; null gives {@link #OTHER}
     */
    public static IbSetupStep of(String message) {
        String l = message == null ? "" : message.toLowerCase(Locale.ROOT);
        if (l.contains("net/ofi")) return OFI_RESOURCE;
        if (l.contains("ibv_modify_qp") && (l.contains("timed out") || l.contains(" 110 "))) return QUEUE_PAIR_TIMEOUT;
        if (l.contains("gid")) return GID;
        if (l.contains("reg_mr") || l.contains("regmr") || l.contains("register")) return MEMORY_REGISTRATION;
        if (l.contains("ece")) return ECE;
        return OTHER;
    }
}

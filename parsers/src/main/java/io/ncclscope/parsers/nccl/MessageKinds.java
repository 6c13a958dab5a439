package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.LineRegions.has;

/** Which {@link EventKind} a WARN message or a PyTorch {@code Last error} text reports, by the words NCCL prints. */
final class MessageKinds {

    private MessageKinds() {
    }

    /** What a WARN message (or a {@code Last error} text) says. */
    static EventKind classify(String s, int from) {
        if (has(s, from, "Duplicate GPU detected") || has(s, from, "Ranks are using the same GPU")) return EventKind.DUPLICATE_GPU;
        if (has(s, from, "Mismatched NCCL version")) return EventKind.VERSION_MISMATCH;
        if (has(s, from, "Got completion")) return EventKind.IB_COMPLETION_ERROR;
        if (has(s, from, "NET/OFI") || has(s, from, "libfabric") || has(s, from, "fi_")) return EventKind.OFI_ERROR;
        if (has(s, from, "no socket interface found") || has(s, from, "No usable listening interface")
                || has(s, from, "No interface found in the same subnet") || has(s, from, "no interface found")
                || has(s, from, "No socket interface found")) {
            return EventKind.NO_SOCKET_INTERFACE;
        }
        if (has(s, from, "Socket creation failed")) return EventKind.SOCKET_CREATE_FAILED;
        if (has(s, from, "message truncated")) return EventKind.MESSAGE_TRUNCATED;
        if (has(s, from, "Connect to ") && has(s, from, "failed") || has(s, from, "Call to connect failed")
                || has(s, from, "connect returned")) {
            return EventKind.SOCKET_CONNECT_FAILED;
        }
        if (has(s, from, "Connection closed") || has(s, from, "Connection reset") || has(s, from, "Socket recv failed")
                || has(s, from, "Call to recv") || has(s, from, "Broken pipe") || has(s, from, "Connection refused")) {
            return EventKind.CONNECTION_LOST;
        }
        if (has(s, from, "libibverbs")) return EventKind.IB_VERBS_MISSING;
        if (has(s, from, "Cuda failure") || has(s, from, "CUDA failure") || has(s, from, "Cuda error")
                || has(s, from, "cudaError") || has(s, from, "CUDA error")) {
            return EventKind.CUDA_FAILURE;
        }
        if (has(s, from, "Failed to CUDA") || has(s, from, "alloc") && has(s, from, "failed")
                || has(s, from, "Failed to allocate") || has(s, from, "out of memory")) {
            return EventKind.ALLOC_FAILED;
        }
        if (has(s, from, "XML") || has(s, from, "Topology") || has(s, from, "topology") || has(s, from, "TOPO")) {
            return EventKind.TOPOLOGY_ERROR;
        }
        if (has(s, from, "does not loop back") || has(s, from, "ring ") || has(s, from, "Could not find a path")
                || has(s, from, "graph")) {
            return EventKind.GRAPH_ERROR;
        }
        if (has(s, from, "ibv_") || has(s, from, "NET/IB")) return EventKind.IB_SETUP_FAILED;
        if (has(s, from, "Proxy") || has(s, from, "proxy")) return EventKind.PROXY_ERROR;
        if (has(s, from, "Plugin") || has(s, from, "plugin")) return EventKind.NET_PLUGIN;
        return EventKind.OTHER;
    }
}

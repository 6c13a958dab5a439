package io.ncclscope.parsers.nccl;

/**
 * A structured NCCL event: every WARN line and the notable INFO lines (return-code traces {@code init.cc:1350 -> 2},
 * {@code NET/IB : No device found.}, {@code GPU Direct RDMA Disabled}, connection retries...). Repeats of the same host,
 * pid, source and message are counted, not listed.
 *
 * @param line     1-based line of the first occurrence
 * @param host     host of the line prefix; nullable
 * @param pid      process id; nullable
 * @param tid      thread id; nullable
 * @param cudaDev  the {@code [N]} of the prefix; nullable
 * @param rank     rank of the process when an init line named it; nullable
 * @param level    INFO or WARN
 * @param source   {@code file.cc:line} of a WARN or return-code line; nullable
 * @param function the function name newer WARN lines print in parentheses; nullable
 * @param message  the message (for return codes: what follows the code, such as {@code [Async thread]}; nullable then)
 * @param kind     what the message says
 * @param code     the return code of a {@link EventKind#RETURN_CODE}, the completion status of an
 *                 {@link EventKind#IB_COMPLETION_ERROR}; nullable
 * @param result   the {@code ncclResult_t} of a return code; nullable
 * @param peer     the remote address or host named by connection and completion errors; nullable
 * @param count    lines with this event
 */
public record NcclEvent(int line, String host, Long pid, Long tid, Integer cudaDev, Integer rank, NcclLevel level,
                        String source, String function, String message, EventKind kind, Integer code, NcclResult result,
                        String peer, long count) implements NcclLineFact {

    /**
     * {@return the line as NCCL printed it, rebuilt from the record: {@code host:pid:tid [dev] source NCCL WARN message},
     * a return code as {@code host:pid:tid [dev] NCCL INFO source -> code message}} For quoting the line where its text
     * was not kept.
     */
    @Override
    public String asPrinted() {
        StringBuilder sb = new StringBuilder();
        if (host != null) sb.append(host).append(':');
        if (pid != null) sb.append(pid);
        if (tid != null) sb.append(':').append(tid);
        if (cudaDev != null) sb.append(" [").append(cudaDev).append(']');
        if (kind == EventKind.RETURN_CODE) {
            sb.append(" NCCL INFO ").append(source == null ? "" : source).append(" -> ").append(code);
            if (message != null) sb.append(' ').append(message);
            return sb.toString().trim();
        }
        if (source != null) sb.append(' ').append(source);
        sb.append(level == NcclLevel.WARN ? " NCCL WARN " : " NCCL INFO ");
        if (message != null) sb.append(message);
        return sb.toString().trim();
    }
}

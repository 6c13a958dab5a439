package io.ncclscope.parsers.flightrec;

import java.util.List;

/**
 * One entry of a Flight Recorder dump: one collective or point-to-point operation this rank enqueued. Nullable
 * components were not in the dump (older format versions lack some).
 *
 * @param index                1-based position in the dump's {@code entries} (oldest first)
 * @param recordId             {@code record_id}: the recorder's running id
 * @param pgId                 {@code pg_id}: the process group's id on this rank; nullable
 * @param processGroup         the process group's name ({@code process_group[0]}, for example {@code "0"}); nullable
 * @param processGroupDesc     the process group's description ({@code process_group[1]}, for example
 *                             {@code "default_pg"}); nullable
 * @param collectiveSeqId      {@code collective_seq_id}: the collective's sequence number in its group (0 for
 *                             point-to-point); nullable
 * @param p2pSeqId             {@code p2p_seq_id}; nullable
 * @param opId                 {@code op_id}; nullable
 * @param profilingName        {@code profiling_name}, for example {@code nccl:all_reduce}; nullable
 * @param inputSizes           {@code input_sizes}: one shape per input tensor
 * @param outputSizes          {@code output_sizes}: one shape per output tensor
 * @param inputDtypes          {@code input_dtypes}, for example {@code Float}
 * @param outputDtypes         {@code output_dtypes}
 * @param state                {@code state}: {@code scheduled}, {@code started} or {@code completed}; nullable
 * @param timeCreatedNs        {@code time_created_ns}; nullable
 * @param timeStartedNs        {@code time_discovered_started_ns}; null when not started (or 0 in the JSON form)
 * @param timeCompletedNs      {@code time_discovered_completed_ns}; null when not completed
 * @param durationMs           {@code duration_ms}; nullable
 * @param timeoutMs            {@code timeout_ms}; nullable
 * @param p2p                  {@code is_p2p}; nullable
 * @param retired              {@code retired}; nullable
 * @param frames               the first stack frames ({@code frames}: {@code name (file:line)}), at most
 *                             {@link FlightRecorderParser#MAX_FRAMES}
 */
public record FlightRecorderEntry(int index, long recordId, Long pgId, String processGroup, String processGroupDesc,
                                  Long collectiveSeqId, Long p2pSeqId, Long opId, String profilingName,
                                  List<List<Long>> inputSizes, List<List<Long>> outputSizes, List<String> inputDtypes,
                                  List<String> outputDtypes, String state, Long timeCreatedNs, Long timeStartedNs,
                                  Long timeCompletedNs, Double durationMs, Long timeoutMs, Boolean p2p, Boolean retired,
                                  List<String> frames) {

    /**
     * Copies the lists into unmodifiable ones.
     *
     * @param index                1-based position in the dump's {@code entries} (oldest first)
     * @param recordId             {@code record_id}: the recorder's running id
     * @param pgId                 {@code pg_id}: the process group's id on this rank; nullable
     * @param processGroup         the process group's name ({@code process_group[0]}, for example {@code "0"}); nullable
     * @param processGroupDesc     the process group's description ({@code process_group[1]}, for example
     *                             {@code "default_pg"}); nullable
     * @param collectiveSeqId      {@code collective_seq_id}: the collective's sequence number in its group (0 for
     *                             point-to-point); nullable
     * @param p2pSeqId             {@code p2p_seq_id}; nullable
     * @param opId                 {@code op_id}; nullable
     * @param profilingName        {@code profiling_name}, for example {@code nccl:all_reduce}; nullable
     * @param inputSizes           {@code input_sizes}: one shape per input tensor
     * @param outputSizes          {@code output_sizes}: one shape per output tensor
     * @param inputDtypes          {@code input_dtypes}, for example {@code Float}
     * @param outputDtypes         {@code output_dtypes}
     * @param state                {@code state}: {@code scheduled}, {@code started} or {@code completed}; nullable
     * @param timeCreatedNs        {@code time_created_ns}; nullable
     * @param timeStartedNs        {@code time_discovered_started_ns}; null when not started (or 0 in the JSON form)
     * @param timeCompletedNs      {@code time_discovered_completed_ns}; null when not completed
     * @param durationMs           {@code duration_ms}; nullable
     * @param timeoutMs            {@code timeout_ms}; nullable
     * @param p2p                  {@code is_p2p}; nullable
     * @param retired              {@code retired}; nullable
     * @param frames               the first stack frames ({@code frames}: {@code name (file:line)}), at most
     *                             {@link FlightRecorderParser#MAX_FRAMES}
     * @throws NullPointerException when a list is null
     */
    public FlightRecorderEntry {
        inputSizes = List.copyOf(inputSizes);
        outputSizes = List.copyOf(outputSizes);
        inputDtypes = List.copyOf(inputDtypes);
        outputDtypes = List.copyOf(outputDtypes);
        frames = List.copyOf(frames);
    }

    /** {@return true when the dump says the operation completed} */
    public boolean completed() {
        return "completed".equals(state);
    }

    /** {@return true when the dump says the operation started on the GPU but did not complete} */
    public boolean started() {
        return "started".equals(state);
    }
}

package io.ncclscope.parsers.flightrec;

import java.util.List;

/**
 * One rank's PyTorch Flight Recorder dump ({@code TORCH_NCCL_TRACE_BUFFER_SIZE} / {@code TORCH_FR_BUFFER_SIZE} with
 * {@code TORCH_NCCL_DUMP_ON_TIMEOUT}, or {@code _dump_fr_trace} / {@code _dump_fr_trace_json}), pickled or JSON.
 * The dump does not say its rank: PyTorch's own analyzer takes it from the file name's trailing digits
 * ({@code nccl_trace_rank_3}).
 *
 * @param version         the format version ({@code "2.10"}); nullable
 * @param pickled         true when read from the pickle form
 * @param commLibVersion  {@code comm_lib_version} (or the older {@code nccl_version}); nullable
 * @param processGroups   {@code pg_config}
 * @param status          {@code pg_status}
 * @param entries         {@code entries}, oldest first, at most {@link FlightRecorderParser#MAX_ENTRIES}
 * @param entriesDropped  entries past the cap, not kept
 */
public record FlightRecorderDump(String version, boolean pickled, String commLibVersion,
                                 List<ProcessGroupConfig> processGroups, List<ProcessGroupStatus> status,
                                 List<FlightRecorderEntry> entries, int entriesDropped) {

    /**
     * Copies the lists into unmodifiable ones.
     *
     * @param version         the format version ({@code "2.10"}); nullable
     * @param pickled         true when read from the pickle form
     * @param commLibVersion  {@code comm_lib_version} (or the older {@code nccl_version}); nullable
     * @param processGroups   {@code pg_config}
     * @param status          {@code pg_status}
     * @param entries         {@code entries}, oldest first, at most {@link FlightRecorderParser#MAX_ENTRIES}
     * @param entriesDropped  entries past the cap, not kept
     * @throws NullPointerException when a list is null
     */
    public FlightRecorderDump {
        processGroups = List.copyOf(processGroups);
        status = List.copyOf(status);
        entries = entries instanceof EntryTable table ? table : List.copyOf(entries);
    }
}

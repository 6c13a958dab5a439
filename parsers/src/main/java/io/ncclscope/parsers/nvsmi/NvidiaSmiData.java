package io.ncclscope.parsers.nvsmi;

import io.ncclscope.parsers.json.Json;
import java.util.List;
import java.util.Optional;

/**
 * What {@link NvidiaSmiParser} read: versions, GPUs with their PCIe links and NVLinks, and any
 * error nvidia-smi printed instead of data.
 *
 * @param source        the first form found (see {@link NvsmiSource}); {@link NvsmiSource#UNKNOWN} when none
 * @param sources       every form found, in order of first appearance
 * @param command       the echoed command line ({@code nvidia-smi -q}), without the prompt; nullable
 * @param timestamp     the timestamp nvidia-smi printed, as printed; nullable
 * @param driverVersion driver version ({@code 580.159.04}); nullable
 * @param cudaVersion   CUDA version the driver supports ({@code 13.0}); nullable
 * @param attachedGpus  "Attached GPUs" of {@code -q}; nullable
 * @param gpus          the GPUs, in order of first appearance
 * @param toolErrors    messages nvidia-smi printed instead of data
 * @param linesLeftOut  true when a cut marker ({@code # [cut]}, {@code ...}, {@code [...]}) says the paste left lines
 *                      out: it may list fewer GPUs than it attaches ({@link Json.NotWritten})
 */
public record NvidiaSmiData(NvsmiSource source, List<NvsmiSource> sources, String command, String timestamp,
                            String driverVersion, String cudaVersion, Integer attachedGpus, List<NvsmiGpu> gpus,
                            List<NvsmiMessage> toolErrors, @Json.NotWritten boolean linesLeftOut) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param source        the first form found (see {@link NvsmiSource}); {@link NvsmiSource#UNKNOWN} when none
     * @param sources       every form found, in order of first appearance
     * @param command       the echoed command line ({@code nvidia-smi -q}), without the prompt; nullable
     * @param timestamp     the timestamp nvidia-smi printed, as printed; nullable
     * @param driverVersion driver version ({@code 580.159.04}); nullable
     * @param cudaVersion   CUDA version the driver supports ({@code 13.0}); nullable
     * @param attachedGpus  "Attached GPUs" of {@code -q}; nullable
     * @param gpus          the GPUs, in order of first appearance
     * @param toolErrors    messages nvidia-smi printed instead of data
     * @param linesLeftOut  true when a cut marker ({@code # [cut]}, {@code ...}, {@code [...]}) says the paste left
     *                      lines out
     */
    public NvidiaSmiData {
        sources = List.copyOf(sources);
        gpus = List.copyOf(gpus);
        toolErrors = List.copyOf(toolErrors);
    }

    /**
     * {@return the first message that says {@code failure} went wrong; empty when none does}
     *
     * @param failure what went wrong, as {@link NvsmiMessage#failure()} reads it
     */
    public Optional<NvsmiMessage> firstFailure(NvsmiFailure failure) {
        for (NvsmiMessage m : toolErrors) {
            if (m.failure() == failure) return Optional.of(m);
        }
        return Optional.empty();
    }
}

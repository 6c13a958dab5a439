package io.ncclscope.service.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code POST /v1/plan/pairs}: the pairwise two-node tests that name a bad node, as launcher files.
 *
 * @param nodes       a Slurm expression ({@code gpu[01-08]}), a comma list, or one host per line
 * @param launcher    {@code slurm} (default when null), {@code mpirun} or {@code k8s}
 * @param gpusPerNode processes (one GPU each) per node; null for 8
 * @param payload     what each process runs; null for the nccl-tests default
 * @param image       container image for k8s; null for the default
 * @param screen      only the first round (every node once); null for false
 * @param retest      results of an earlier pass (nccl-tests outputs named {@code A__B.txt}, as for {@code /v1/localize}):
 *                    plan the second pass instead, each unresolved suspect against known-good nodes; null for none
 * @param partners    known-good partners per suspect in a retest; null for 2
 * @param gpuRequest  how the Slurm script asks for each node's GPUs: {@code gpus} ({@code --gpus-per-node}, default
 *                    when null), {@code gres} ({@code --gres=gpu:G}) or {@code none}
 * @param minutesPerTest the time limit of one test in minutes, which the files enforce and the budget counts with;
 *                    null for 10
 */
@RegisterForReflection
@Schema(description = "Nodes to test pairwise, and how to launch the tests.")
public record PlanPairsRequest(
        @NotBlank @Size(max = 1_000_000) @Schema(examples = "gpu[01-08]") String nodes,
        @Pattern(regexp = "^(?:[Ss][Ll][Uu][Rr][Mm]|[Mm][Pp][Ii][Rr][Uu][Nn]|[Kk]8[Ss])$", message = "must be slurm, mpirun or k8s")
        @Schema(nullable = true, examples = "slurm") String launcher,
        @Min(1) @Max(64) @Schema(nullable = true, examples = "8") Integer gpusPerNode,
        @Size(min = 1, max = 4096) @Schema(nullable = true) String payload,
        @Size(min = 1, max = 512) @Schema(nullable = true) String image,
        @Schema(nullable = true) Boolean screen,
        @Size(min = 1, max = 100_000)
        @Schema(nullable = true, description = "Results of an earlier pass, named A__B.txt as for /v1/localize: plan the "
                + "second pass instead (each unresolved suspect against known-good nodes of these results)")
        List<@Valid ArtifactDto> retest,
        @Min(1) @Max(16) @Schema(nullable = true, examples = "2") Integer partners,
        @Pattern(regexp = "^(?:gpus|gres|none)$", message = "must be gpus, gres or none")
        @Schema(nullable = true, examples = "gres", description = "How the Slurm script asks for the GPUs: gpus "
                + "(--gpus-per-node=G, the default), gres (--gres=gpu:G) or none (whole nodes)") String gpuRequest,
        @Min(1) @Max(1440) @Schema(nullable = true, examples = "10", description = "Time limit of one test in minutes "
                + "(default 10): the files enforce it and the budget counts with it") Integer minutesPerTest) {
}

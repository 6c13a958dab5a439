package io.ncclscope.service.mapping;

import io.ncclscope.sdk.localize.Launchers;
import io.ncclscope.sdk.localize.PairPlan;
import io.ncclscope.sdk.localize.PlanBudget;
import io.ncclscope.service.dto.PlanPairsRequest;
import io.ncclscope.service.dto.PlanPairsResponse;
import java.util.List;
import java.util.Map;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/** Pair plans to {@link PlanPairsResponse}; the request's launch options to {@link Launchers.Options}. */
@Mapper(config = ServiceMapperConfig.class)
public interface PlanMapper {

    /** The SDK's defaults for what the request leaves out. */
    Launchers.Options DEFAULTS = Launchers.Options.defaults();

    /** Launch options: 8 GPUs per node, the nccl-tests payload and the NGC image unless given. */
    @Mapping(target = "gpusPerNode", source = "gpusPerNode", defaultExpression = "java(DEFAULTS.gpusPerNode())")
    @Mapping(target = "payload", source = "payload", defaultExpression = "java(DEFAULTS.payload())")
    @Mapping(target = "image", source = "image", defaultExpression = "java(DEFAULTS.image())")
    @Mapping(target = "gpuRequest", source = "gpuRequest", defaultExpression = "java(DEFAULTS.gpuRequest())")
    @Mapping(target = "minutesPerTest", source = "minutesPerTest", defaultExpression = "java(DEFAULTS.minutesPerTest())")
    Launchers.Options toOptions(PlanPairsRequest request);

    /** The plan with its summary, files and budget; {@code slurm} when one Slurm job holds every node. */
    default PlanPairsResponse toDto(PairPlan plan, String summary, Map<String, String> files, Launchers.Options options,
                                    boolean slurm) {
        PlanBudget b = Launchers.budget(plan, options);
        PlanPairsResponse.BudgetDto budget = new PlanPairsResponse.BudgetDto(b.rounds(), b.gpusPerNode(), b.minutesPerTest(),
                b.wallMinutes(), round(b.testGpuHours()), slurm ? round(b.allocationGpuHours()) : null, b.line(slurm));
        return new PlanPairsResponse(summary, plan.nodes(), toRounds(plan.rounds()), plan.tests().size(),
                PairPlan.allPairs(plan.nodes().size()), files, budget);
    }

    /** GPU-hours to one decimal, as the budget line writes them. */
    private static double round(double hours) {
        return Math.round(hours * 10) / 10.0;
    }

    /** Rounds, in order. */
    List<PlanPairsResponse.RoundDto> toRounds(List<PairPlan.Round> rounds);

    /** One round. */
    PlanPairsResponse.RoundDto toDto(PairPlan.Round round);

    /** One pair. */
    PlanPairsResponse.PairDto toDto(PairPlan.Pair pair);
}

package io.ncclscope.service.mapping;

import io.ncclscope.sdk.localize.Launchers;
import io.ncclscope.sdk.localize.PairPlan;
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
    Launchers.Options toOptions(PlanPairsRequest request);

    /** The plan with its summary and files. */
    default PlanPairsResponse toDto(PairPlan plan, String summary, Map<String, String> files) {
        return new PlanPairsResponse(summary, plan.nodes(), toRounds(plan.rounds()), plan.tests().size(),
                PairPlan.allPairs(plan.nodes().size()), files);
    }

    /** Rounds, in order. */
    List<PlanPairsResponse.RoundDto> toRounds(List<PairPlan.Round> rounds);

    /** One round. */
    PlanPairsResponse.RoundDto toDto(PairPlan.Round round);

    /** One pair. */
    PlanPairsResponse.PairDto toDto(PairPlan.Pair pair);
}

package io.ncclscope.service.mapping;

import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.service.dto.ActionDto;
import io.ncclscope.service.dto.EvidenceLineDto;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/** Small SDK records shared by several responses. */
@Mapper(config = ServiceMapperConfig.class)
public interface CommonMapper {

    /** An action; the command stays {@code ""} when there is none, as in the CLI's JSON. */
    // Action.hasCommand() would otherwise act as MapStruct's presence check and turn "" into null.
    @Mapping(target = "command", expression = "java(action.command())")
    ActionDto toDto(Action action);

    /** A quoted line. */
    EvidenceLineDto toDto(EvidenceLine line);
}

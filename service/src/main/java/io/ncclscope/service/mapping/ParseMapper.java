package io.ncclscope.service.mapping;

import io.ncclscope.parsers.FleetOutputs;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ParseWarning;
import io.ncclscope.parsers.json.Json;
import io.ncclscope.service.dto.ParseResponse;
import io.ncclscope.service.dto.WarningDto;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.mapstruct.Mapper;

/** A parse result to {@link ParseResponse}. */
@Mapper(config = ServiceMapperConfig.class)
public interface ParseMapper {

    /**
     * The result; {@code data} goes through the parsers' own JSON writer, so its field names and value forms
     * (kind ids, omitted nulls) are exactly those of {@code ncclscope parse}.
     */
    default ParseResponse toDto(ParseResult<?> result) {
        return new ParseResponse(result.kind().id(), data(result), toDtos(result.warnings()), null);
    }

    /** Each node's outputs of a fleet tool's output; the top-level kind is the one they share, null when they differ. */
    default ParseResponse toDto(List<FleetOutputs.NodeOutput> nodes) {
        List<ParseResponse.NodeFacts> facts = new ArrayList<>(nodes.size());
        Set<String> kinds = new LinkedHashSet<>();
        for (FleetOutputs.NodeOutput n : nodes) {
            ParseResult<?> r = n.result();
            kinds.add(r.kind().id());
            facts.add(new ParseResponse.NodeFacts(n.host(), r.kind().id(), data(r), toDtos(r.warnings())));
        }
        return new ParseResponse(kinds.size() == 1 ? kinds.iterator().next() : null, null, List.of(), facts);
    }

    /** The record through the parsers' own JSON writer. */
    private static Object data(ParseResult<?> result) {
        return result.data() == null ? null : Json.parse(Json.write(result.data()));
    }

    /** Warnings, in order. */
    List<WarningDto> toDtos(List<ParseWarning> warnings);

    /** One warning. */
    WarningDto toDto(ParseWarning warning);
}

package io.ncclscope.service.mapping;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ParseWarning;
import io.ncclscope.parsers.json.Json;
import io.ncclscope.service.dto.ParseResponse;
import io.ncclscope.service.dto.WarningDto;
import java.util.List;
import org.mapstruct.Mapper;

/** A parse result to {@link ParseResponse}. */
@Mapper(config = ServiceMapperConfig.class)
public interface ParseMapper {

    /**
     * The result; {@code data} goes through the parsers' own JSON writer, so its field names and value forms
     * (kind ids, omitted nulls) are exactly those of {@code ncclscope parse}.
     */
    default ParseResponse toDto(ParseResult<?> result) {
        Object data = result.data() == null ? null : Json.parse(Json.write(result.data()));
        return new ParseResponse(result.kind().id(), data, toDtos(result.warnings()));
    }

    /** Warnings, in order. */
    List<WarningDto> toDtos(List<ParseWarning> warnings);

    /** One warning. */
    WarningDto toDto(ParseWarning warning);
}

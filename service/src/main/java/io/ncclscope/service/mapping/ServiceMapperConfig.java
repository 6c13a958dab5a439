package io.ncclscope.service.mapping;

import org.mapstruct.MapperConfig;
import org.mapstruct.MappingConstants;
import org.mapstruct.ReportingPolicy;

/**
 * The one configuration of every mapper: CDI beans, and a DTO field that no source fills fails the build, so a
 * record that grows a field cannot silently send {@code null}.
 */
@MapperConfig(componentModel = MappingConstants.ComponentModel.JAKARTA_CDI,
        unmappedTargetPolicy = ReportingPolicy.ERROR,
        unmappedSourcePolicy = ReportingPolicy.IGNORE)
public interface ServiceMapperConfig {
}

package io.ncclscope.service.mapping;

import io.ncclscope.sdk.rules.Rule;
import io.ncclscope.sdk.rules.RuleText;
import io.ncclscope.service.dto.RuleDto;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;

/** A catalogue rule and its text in one language to {@link RuleDto}. */
@Mapper(config = ServiceMapperConfig.class, uses = CommonMapper.class)
public interface RuleMapper {

    /** One rule. */
    @Mapping(target = "code", source = "rule.code")
    @Mapping(target = "category", source = "rule.category")
    @Mapping(target = "severity", source = "rule.defaultSeverity")
    @Mapping(target = "segment", source = "rule.segment")
    @Mapping(target = "sources", source = "rule.sources")
    @Mapping(target = "title", source = "text.title")
    @Mapping(target = "meaning", source = "text.meaning")
    @Mapping(target = "causes", source = "text.causes")
    @Mapping(target = "actions", source = "text.actions")
    RuleDto toDto(Rule rule, RuleText text);
}

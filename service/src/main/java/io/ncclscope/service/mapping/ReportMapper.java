package io.ncclscope.service.mapping;

import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.service.dto.ArtifactSummaryDto;
import io.ncclscope.service.dto.FindingDto;
import io.ncclscope.service.dto.ProblemItemDto;
import io.ncclscope.service.dto.ReportDto;
import io.ncclscope.service.dto.SegmentDto;
import io.ncclscope.service.dto.SubjectDto;
import java.util.List;
import org.mapstruct.Mapper;

/** {@link Report} (and localized findings of other operations) to their DTOs. */
@Mapper(config = ServiceMapperConfig.class, uses = CommonMapper.class)
public interface ReportMapper {

    /** The whole report. */
    ReportDto toDto(Report report);

    /** Findings, in order. */
    List<FindingDto> toDtos(List<LocalizedFinding> findings);

    /** One finding. */
    FindingDto toDto(LocalizedFinding finding);

    /** A finding's subject. */
    SubjectDto toDto(Subject subject);

    /** One input as read. */
    ArtifactSummaryDto toDto(Report.ArtifactSummary artifact);

    /** An unreadable input. */
    ProblemItemDto toDto(Evidence.Problem problem);

    /** A bandwidth segment. */
    SegmentDto toDto(SegmentVerdict segment);
}

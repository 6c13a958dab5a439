package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.diagnose.Finding;
import java.util.List;

/**
 * What the errors pass keeps of one NCCL log or nccl-tests output once its slice is let go: the chains its walk settled,
 * its communicator entries, and its own checks' findings that still wait for what other artifacts say. Only artifacts
 * that leave something are kept.
 */
final class ArtifactSummary {
    final ArtifactPlace place;
    final String name;
    /** The chains of its walk; null when nothing of it can take part in a finding. */
    final ArtifactChains walk;
    /** Its communicator entries, for the rank mapping across logs. */
    List<CommEntry> placed = List.of();
    /** Its settings findings that wait: an unusable variable, repeated only when no WARN finding named it. */
    List<Finding> settings = List.of();
    /** nccl-tests devices that put two ranks on one GPU, reported only when no WARN line did. */
    List<Finding> testsDevices = List.of();
    /** Its nccl-tests checks when a chain of its own output explains the failure, and when none does. */
    List<Finding> testsIfExplained = List.of();
    List<Finding> testsIfNot = List.of();

    /** The NCCL versions it printed, until its fold adds them to the comparison. */
    List<VersionCheck.Printed> versions = List.of();
    /** The usable interfaces its log prints, until its fold keeps each host's first. */
    List<UsableInterface> interfaces = List.of();

    /** A usable interface a log prints ({@code Bootstrap} or socket, one that reaches other nodes), with its host. */
    record UsableInterface(String host, String name) {
    }

    /** The summary of an artifact whose walk settled {@code walk}. */
    ArtifactSummary(ArtifactPlace place, String name, ArtifactChains walk) {
        this.place = place;
        this.name = name;
        this.walk = walk.quiet() ? null : walk;
    }

    /** True when nothing is left for the checks across artifacts. */
    boolean empty() {
        return walk == null && placed.isEmpty() && settings.isEmpty() && testsDevices.isEmpty()
                && testsIfExplained.isEmpty() && testsIfNot.isEmpty();
    }

    /** True when its nccl-tests findings depend on whether a chain explains the failure. */
    boolean testsDependOnCause() {
        return !testsIfExplained.equals(testsIfNot);
    }
}

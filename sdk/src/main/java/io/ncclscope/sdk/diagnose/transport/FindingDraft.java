package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One finding about one host (or the job when {@code host} is null). */
final class FindingDraft {
    final String code;
    final FindingSeverity severity;
    final String key;
    final Map<String, Object> args = new LinkedHashMap<>();
    final Map<String, String> params = new LinkedHashMap<>();
    final List<EvidenceLine> evidence = new ArrayList<>();
    Subject subject = Subject.JOB;
    String host;
    String where;

    FindingDraft(String code, FindingSeverity severity, String key) {
        this.code = code;
        this.severity = severity;
        this.key = key;
    }

    FindingDraft arg(String name, Object value) {
        args.put(name, value);
        return this;
    }

    FindingDraft param(String name, String value) {
        if (value != null && !value.isBlank()) params.put(name, value);
        return this;
    }

    FindingDraft on(String host) {
        this.host = host;
        return this;
    }

    /** What the detail names when the draft has no host: the log's name. Not part of the grouping. */
    FindingDraft where(String where) {
        this.where = where;
        return this;
    }

    FindingDraft subject(Subject s) {
        this.subject = s;
        return this;
    }

    FindingDraft line(EvidenceLine l) {
        // A finding shows its first lines only, and a merge takes lines only while there are fewer: the rest is
        // never shown (a job's draft may name every node's line).
        if (l != null && evidence.size() < Finding.MAX_EVIDENCE && !evidence.contains(l)) evidence.add(l);
        return this;
    }

    FindingDraft lines(List<EvidenceLine> ls) {
        for (EvidenceLine l : ls) line(l);
        return this;
    }

    /**
     * What makes two drafts the same statement: code, severity, template, what it is about and its arguments. The
     * roles an interface plays ({@code uses}) and the action values ({@code params}) may differ by host: merged.
     */
    List<String> groupKey() {
        Map<String, Object> a = new LinkedHashMap<>(args);
        a.remove(FindingsByStatement.USES);
        return List.of(code, severity.name(), key, a.toString(), subject.toString());
    }
}

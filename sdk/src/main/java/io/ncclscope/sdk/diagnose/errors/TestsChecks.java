package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsDevice;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.parsers.tests.TestError;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * nccl-tests failures that are not NCCL or CUDA errors (those are the walk's): the {@code NCCL_TESTS_MIN_BW} threshold,
 * the data check, the {@code -T} timeout, argument errors, and a {@code Test failure} with no error line before it; a
 * failure the walk explained is still the test's failure, reported at WARNING beside its cause.
 */
final class TestsChecks {

    private static final long FOUR_GIB = 1L << 32;

    private TestsChecks() {
    }

    /**
     * {@return the findings of one nccl-tests output}
     *
     * @param a         the artifact quoted (a stub will do)
     * @param t         its parsed output
     * @param withCause whether the walk already explained its errors (then a timeout or test failure adds nothing)
     */
    static List<Finding> check(Artifact a, NcclTestsData t, boolean withCause) {
        List<Finding> out = new ArrayList<>();
        String node = t.hosts().size() == 1 ? t.hosts().get(0) : a.node().orElse(null);
        Map<String, String> params = FindingText.params("node", node);
        boolean single = t.ranks() != null && t.ranks() == 1;
        boolean bwFailed = Boolean.TRUE.equals(t.avgBusBwFailed());
        if (bwFailed) {
            String min = t.minBusBwSetting() != null ? t.minBusBwSetting() : "?";
            List<EvidenceLine> ev = new ArrayList<>();
            if (t.avgBusBwLine() != null) ev.add(a.quote(t.avgBusBwLine(), "# Avg bus bandwidth : " + t.avgBusBw() + " FAILED"));
            failureLines(a, t, ev);
            String avg = t.avgBusBw() == null ? "?" : number(t.avgBusBw());
            out.add(new Finding(Classifier.TESTS, single ? FindingSeverity.INFO : FindingSeverity.ERROR, Subject.node(node),
                    Message.of(ErrorsAnalyzer.class, single ? "tests.minbw.single" : "tests.minbw", "avg", avg, "min", min),
                    ev, params));
        }
        if (t.outOfBounds() != null && !t.outOfBounds().ok() && t.outOfBounds().count() > 0) {
            out.add(wrong(a, t, node, params));
        }
        boolean explained = withCause;
        for (TestError e : t.errors()) {
            if (e.kind() == TestError.Kind.TIMEOUT && !explained) {
                out.add(errorLine(a, e, hostOr(e, node), FindingSeverity.CRITICAL, "tests.timeout", params));
                explained = true;
            } else if (e.kind() == TestError.Kind.ARGUMENT) {
                out.add(errorLine(a, e, node, FindingSeverity.WARNING, "tests.argument", params));
            }
        }
        if (!explained && !bwFailed) {
            TestError failure = first(t, TestError.Kind.TEST_FAILURE, TestError.Kind.UNKNOWN);
            if (failure != null) {
                out.add(errorLine(a, failure, hostOr(failure, node), FindingSeverity.ERROR, "tests.failure", params));
            }
        } else if (withCause && !bwFailed) {
            Finding symptom = explainedFailure(a, t, node, params);
            if (symptom != null) out.add(symptom);
        }
        return out;
    }

    /** A finding that quotes one error line of the output, its text the message's. */
    private static Finding errorLine(Artifact a, TestError e, String node, FindingSeverity severity, String key,
            Map<String, String> params) {
        return new Finding(Classifier.TESTS, severity, Subject.node(node), Message.of(ErrorsAnalyzer.class, key, "text", e.text()),
                List.of(a.quote(e.line(), e.text())), params);
    }

    /** {@return the first error line of kind {@code a} or {@code b}; null with none} */
    private static TestError first(NcclTestsData t, TestError.Kind a, TestError.Kind b) {
        return t.errors().stream().filter(e -> e.kind() == a || e.kind() == b).findFirst().orElse(null);
    }

    /** {@return the host an error line names, else {@code node}} */
    private static String hostOr(TestError e, String node) {
        return e.host() != null ? e.host() : node;
    }

    /**
     * The test's own failure beside the NCCL or CUDA error that explains it (corpus-more nccl-logs/nccl-707-1.txt): the
     * run failed, which an engineer reports with its cause, at WARNING so that the error stays the cause the workflow
     * names. Quotes the {@code Test NCCL failure} line and the first {@code Test failure} of its trace; null when the
     * output printed neither.
     */
    private static Finding explainedFailure(Artifact a, NcclTestsData t, String node, Map<String, String> params) {
        TestError first = first(t, TestError.Kind.NCCL_FAILURE, TestError.Kind.CUDA_FAILURE);
        TestError trace = first(t, TestError.Kind.TEST_FAILURE, TestError.Kind.UNKNOWN);
        TestError shown = first != null ? first : trace;
        if (shown == null) return null;
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(a.quote(shown.line(), shown.text()));
        if (trace != null && trace != shown) ev.add(a.quote(trace.line(), trace.text()));
        return new Finding(Classifier.TESTS, FindingSeverity.WARNING, Subject.node(hostOr(shown, node)),
                Message.of(ErrorsAnalyzer.class, "tests.failure.explained", "text", shown.textAfterHost()), ev, params);
    }

    /**
     * Wrong values. nccl-tests builds of the old layout ({@code error} column) miscounted at 4 GiB and more
     * (NVIDIA/nccl-tests#37, corpus nccl-tests/nccl-tests-37-1.txt): when every bad row is that large, say so.
     */
    private static Finding wrong(Artifact a, NcclTestsData t, String node, Map<String, String> params) {
        boolean oldLayout = t.layout() != null && "error".equals(t.layout().wrongColumn());
        List<NcclTestsRow> bad = t.rows().stream().filter(NcclTestsRow::hasWrongValues).toList();
        boolean allHuge = !bad.isEmpty() && bad.stream().allMatch(r -> r.size() >= FOUR_GIB);
        String key = oldLayout && allHuge ? "tests.wrong.oldbug" : "tests.wrong";
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(a.quote(t.outOfBounds().line(), "# Out of bounds values : " + t.outOfBounds().count() + " FAILED"));
        for (NcclTestsRow r : bad) if (ev.size() < 6) ev.add(a.quote(r.line()));
        long size = bad.isEmpty() ? 0 : bad.get(0).size();
        return new Finding(Classifier.TESTS, key.endsWith("oldbug") ? FindingSeverity.WARNING : FindingSeverity.CRITICAL,
                Subject.node(node), Message.of(ErrorsAnalyzer.class, key, "count", String.valueOf(t.outOfBounds().count()),
                        "size", String.valueOf(size)), ev, params);
    }

    /** {@code 0}, {@code 12.5}, {@code 0.031}: as short as the value allows. */
    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return String.valueOf((long) v);
        return new BigDecimal(String.format(Locale.ROOT, "%.3g", v)).stripTrailingZeros().toPlainString();
    }

    private static void failureLines(Artifact a, NcclTestsData t, List<EvidenceLine> ev) {
        for (TestError e : t.errors()) {
            if (e.kind() == TestError.Kind.TEST_FAILURE && ev.size() < 3) ev.add(a.quote(e.line(), e.text()));
        }
    }

    /**
     * nccl-tests {@code # Using devices} lines that put two ranks on one GPU of one host (the analyzer drops them when a
     * WARN line already reported a duplicate GPU).
     */
    static List<Finding> testsDevices(Artifact a, NcclTestsData t) {
        List<Finding> out = new ArrayList<>();
        Map<String, List<NcclTestsDevice>> byGpu = new LinkedHashMap<>();
        for (NcclTestsDevice d : t.devices()) {
            if (d.host() == null || d.busId() == null || d.busIdIsPlaceholder()) continue;
            byGpu.computeIfAbsent(d.host() + "|" + d.busId(), k -> new ArrayList<>()).add(d);
        }
        for (List<NcclTestsDevice> g : byGpu.values()) {
            Set<Integer> ranks = new TreeSet<>();
            boolean contradicts = false;
            for (NcclTestsDevice d : g) {
                ranks.add(d.rank());
                // One process driving two device indices cannot have them on one GPU: the bus ids are not real.
                contradicts |= g.stream().anyMatch(o -> o != d && o.pid() != null && o.pid().equals(d.pid())
                        && o.device() != null && !o.device().equals(d.device()));
            }
            if (ranks.size() < 2 || contradicts) continue;
            NcclTestsDevice d0 = g.get(0);
            List<EvidenceLine> ev = g.stream().limit(8).map(d -> a.quote(d.line())).toList();
            Map<String, String> params = FindingText.params("node", d0.host(), "bdf", d0.pciAddress(), "rank",
                    String.valueOf(d0.rank()));
            out.add(new Finding(Classifier.DUPLICATE, FindingSeverity.CRITICAL,
                    new Subject(d0.host(), d0.rank(), d0.busId(), null, null, null, null),
                    Message.of(ErrorsAnalyzer.class, "duplicate.tests", "ranks", FindingText.join(ranks),
                            "gpu", d0.busId(), "node", d0.host()), ev, params));
        }
        return out;
    }
}

package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code ncclResult_t} a failed chain handed back to the application, as a finding of its own beside the finding
 * of its cause. The job's own error names only the result ({@code ncclSystemError}, {@code unhandled system error},
 * {@code -> 2} up to {@code group.cc}); an engineer who searches for it must land on the WARN line that caused it, and
 * a checklist that asks "which result did NCCL return" must get it. So a chain whose cause is named (an IB setup call, a
 * connect failure, a bad topology file) and which returned a result of another code makes two findings: the cause,
 * and the result tied to it.
 *
 * <p>No result finding where the cause is the result made precise: out of memory, and NVLink GPUs without peer access,
 * are the {@code ncclUnhandledCudaError} they return; a GPU shared by two ranks, no usable socket interface or a
 * setting NCCL rejects the {@code ncclInvalidUsage}; a failed connect or RDMA completion the {@code ncclRemoteError}.
 * None where the cause's finding is below {@link FindingSeverity#ERROR}: a fallback (CollNet), a warning NCCL went on
 * after, a value NCCL ignored.
 */
final class ReturnedResults {

    private ReturnedResults() {
    }

    /**
     * {@return the result findings of a group's finding, in the order the results came back}
     *
     * @param draft       the group's first chain's draft: the results its process returned and the lines that show them
     * @param cause       the finding the group made
     * @param reportCodes the codes of the failure reports with no cause text that joined the group (nccl-tests'
     *                    {@code Test NCCL failure}, a program's {@code NCCL failure ... 'unhandled system error'})
     * @param reportLines those reports' lines, the first few
     */
    static List<Finding> of(ChainFindings.Draft draft, Finding cause, List<String> reportCodes, List<EvidenceLine> reportLines) {
        if (draft == null || !cause.severity().atLeast(FindingSeverity.ERROR)) return List.of();
        Set<String> codes = new LinkedHashSet<>(draft.returned());
        codes.addAll(reportCodes);
        List<Finding> out = new ArrayList<>(1);
        for (String code : codes) {
            if (code.equals(cause.code()) || precise(cause.code(), code)) continue;
            out.add(finding(draft, cause, code, reportLines));
        }
        return out;
    }

    /** Whether the cause is the result made precise, so that the result adds nothing. */
    private static boolean precise(String causeCode, String resultCode) {
        return switch (resultCode) {
            // graph/paths.cc returns ncclUnhandledCudaError for NVLink GPUs without peer access: no CUDA call failed.
            case Classifier.CUDA -> Classifier.OOM.equals(causeCode) || Classifier.P2P_NVLINK.equals(causeCode);
            // NCCL returns ncclInvalidUsage for a setup the user got wrong: a GPU shared by two ranks, an interface
            // NCCL_SOCKET_IFNAME names that does not exist, ranks that disagree on the communicator.
            case Classifier.USAGE -> Set.of(Classifier.DUPLICATE, Classifier.NO_IFACE, Classifier.MAPPING, Classifier.ENV).contains(causeCode);
            // ncclRemoteError is "a remote process exited or there was a network error": NCCL returns it for connect
            // retries run out and for failed RDMA completions, which the cause already names. Said beside them, it
            // would read as another rank failing, which it is not (a refused connect to the bootstrap root).
            case Classifier.REMOTE -> Set.of(Classifier.CONNECT, Classifier.IB_COMPLETION).contains(causeCode);
            default -> false;
        };
    }

    private static Finding finding(ChainFindings.Draft draft, Finding cause, String code, List<EvidenceLine> reportLines) {
        List<EvidenceLine> ev = new QuotedLines(3).addAll(draft.returnedLines(), Integer.MAX_VALUE)
                .addAll(reportLines, Integer.MAX_VALUE).lines();
        // The cause's own line last: the result is read with it.
        if (!cause.evidence().isEmpty() && ev.stream().noneMatch(e -> e.equals(cause.evidence().get(0)))) {
            ev.add(cause.evidence().get(0));
        }
        Map<String, String> params = FindingText.params("node", cause.params().get("node"), "rank", cause.params().get("rank"));
        String text = draft.text();
        Message detail = Message.of(ErrorsAnalyzer.class, "returned." + Classifier.genericKey(code), "who", draft.who(),
                "result", Classifier.resultName(code), "cause", cause.code(), "text", text.isEmpty() ? "?" : text);
        return new Finding(code, FindingSeverity.ERROR, cause.subject(), detail, ev, params);
    }
}

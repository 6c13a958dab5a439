package io.ncclscope.parsers.tests;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The failures nccl-tests prints: {@code host: Test NCCL failure common.cu:N '...'}, {@code  .. host pid N: Test failure
 * ...}, {@code host: Test timeout (Ns)} and its argument errors ({@code invalid sizes for 'minbytes' and 'maxbytes'}...).
 */
final class TestFailures {

    private static final Pattern FAILURE = Pattern.compile("^(\\S+): Test (NCCL|CUDA) failure (\\S+)\\s*(.*)$");
    private static final Pattern TRACE = Pattern.compile("^\\.\\.\\s*(\\S+) pid (\\d+): Test failure (\\S+)");
    private static final Pattern TIMEOUT = Pattern.compile("^(\\S+): Test timeout \\((\\d+)s\\)\\s*(\\S*)");

    private static final String[] ARG_ERRORS = {
        "invalid sizes for", "invalid size specified for", "invalid option", "Invalid number of GPUs",
        "Please check the number of processes and GPUs", "Incompatible NCCL versions", "Device implementation ",
        "device implementation (-D > 0)", "per-iteration timing (-I)", "per-iteration skip (-K)",
        "blocking mode (-z 3)", "device_cta_count (-V)", "Option -D (device implementation) requires",
        "Option -V (device CTA count) requires", "invalid number of",
    };

    private TestFailures() {
    }

    /** The failure line {@code c} (at line {@code no}) reports; null when it is none. */
    static TestError failureOf(String c, int no) {
        Matcher m = FAILURE.matcher(c);
        if (m.find()) {
            TestError.Kind k = m.group(2).equals("NCCL") ? TestError.Kind.NCCL_FAILURE : TestError.Kind.CUDA_FAILURE;
            return new TestError(no, k, m.group(1), null, m.group(3), quoted(m.group(4)), c);
        }
        m = TRACE.matcher(c);
        if (m.find()) {
            return new TestError(no, TestError.Kind.TEST_FAILURE, m.group(1), ToolValues.integer(m.group(2)), m.group(3), null, c);
        }
        m = TIMEOUT.matcher(c);
        if (m.find()) {
            String loc = m.group(3).isEmpty() ? null : m.group(3);
            return new TestError(no, TestError.Kind.TIMEOUT, m.group(1), null, loc, "timeout " + m.group(2) + "s", c);
        }
        for (String p : ARG_ERRORS) {
            if (c.startsWith(p)) return new TestError(no, TestError.Kind.ARGUMENT, null, null, null, null, c);
        }
        return null;
    }

    private static String quoted(String rest) {
        if (rest == null) return null;
        String s = rest.strip();
        if (s.length() >= 2 && s.startsWith("'") && s.endsWith("'")) s = s.substring(1, s.length() - 1);
        s = s.strip();
        while (s.endsWith("/")) s = s.substring(0, s.length() - 1).strip();
        return s.isEmpty() ? null : s;
    }
}

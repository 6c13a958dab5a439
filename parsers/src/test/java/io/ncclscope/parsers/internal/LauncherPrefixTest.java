package io.ncclscope.parsers.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class LauncherPrefixTest {

    private static final String HEADER = "node1:947:947 [0] NCCL INFO Bootstrap : Using eth0";

    /** Each family's prefix, as its launcher prints it, in front of an NCCL line: read off, with the rank it names. */
    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "\"[1,3]<stdout>:\"                                    | 3",
        "\"[1,mpirank:3,algo-2]<stdout>:\"                     | 3",
        "\" 3: \"                                              | 3",
        "\"12: \"                                              | 12",
        "\"[default0]:\"                                       | -1",
        "\"[trainer1]:\"                                       | -1",
        "\"[3]:\"                                              | 3",
        "\"[rank3]: \"                                         | 3",
        "\"(RayTrainWorker pid=123, ip=10.0.0.1) \"            | -1",
        "\"\u001b[36m(RayTrainWorker pid=123, ip=10.0.0.1)\u001b[0m \" | -1",
        "\"node12: \"                                          | -1",
        "\"node1: \"                                           | -1",
        "\"2024-05-01T10:00:00.123456789Z \"                   | -1",
        "\"2024-05-01T10:00:00.123456789Z\t\"                  | -1",
        "\"worker-1  | \"                                      | -1",
        "\"Dec 04 12:00:00 node1 python[1234]: \"              | -1",
        "\"Dec  4 12:00:00 node1 python[1234]: \"              | -1",
        "\"  | 2025-05-16T16:39:51.208-07:00 | \"              | -1",
        "\"[80746] \"                                          | -1",
        "\"     7\t\"                                          | -1",
        "\"2024-05-01T10:00:00.123456789Z [rank3]: \"          | 3",
    })
    void readsEachLaunchersPrefixAndItsRank(String prefix, int rank) {
        LauncherPrefix p = new LauncherPrefix();
        assertThat(p.end(prefix + HEADER)).isEqualTo(prefix.length());
        assertThat(p.rank).isEqualTo(rank);
    }

    /** What NCCL and the tools print themselves is never read as a prefix. */
    @ParameterizedTest
    @ValueSource(strings = {
        HEADER,
        "vm:947:947 [0] NCCL INFO NET/Socket : Using [0]eth0",
        "           8             2     float     sum      -1    29.63    0.00    0.00      0",
        "GPU0\t X \tNV18\t0-47\t0\t\tN/A",
        "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1269, unhandled system error",
        "node12: Test NCCL failure common.cu:777 'unhandled system error'",
        "[E ProcessGroupNCCL.cpp:828] [Rank 1] Watchdog caught collective operation timeout",
        "[Rank 0] comm 0x55d4 rank 0 nranks 2",
        "#  Rank  0 Group  0 Pid  33207 on     ubuntu device  0 [0000:95:00] NVIDIA L40S",
        "include/socket.h:344 WARN Socket creation failed",
    })
    void leavesWhatTheToolsPrintAlone(String line) {
        assertThat(new LauncherPrefix().end(line)).isZero();
    }

    /**
     * pdsh's {@code host: } with a host without a digit is a prefix only when the NCCL header after it names the host
     * again, at once or after a timestamp, as a {@code host:} field starting within 48 characters of the message.
     */
    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "vm: vm:947:947 [0] NCCL INFO Bootstrap : Using eth0                              | 4",
        "vm: [2025-06-20 02:14:03] vm:947:947 [0] NCCL INFO Bootstrap : Using eth0        | 26",
        "vm: 2025-06-20T02:14:03.123456789Z vm:947:947 [0] NCCL INFO Bootstrap            | 35",
        // the field starting 48 characters after the message start, then 49: too far for a header
        "vm: 12345678901234567890123456789012345678901234567 vm: x                        | 4",
        "vm: 123456789012345678901234567890123456789012345678 vm: x                       | 0",
        // the word again, but inside another word, or not as a field
        "vm: xvm:947:947 [0] NCCL INFO Bootstrap                                          | 0",
        "vm: the vm is down                                                               | 0",
        "Error: Error: twice                                                              | 7",
        "ncclInvalidUsage: invalid usage (run with NCCL_DEBUG=WARN for details)           | 0",
        "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970     | 0",
    })
    void readsAHostWithoutADigitOnlyWhenTheHeaderNamesItAgain(String line, int end) {
        assertThat(new LauncherPrefix().end(line)).isEqualTo(end);
    }

    /**
     * A rank label's number too large for an {@code int} names no rank (it was cut to its first nine digits): the label
     * is still read off as the launcher's.
     */
    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "\"[1,2147483647]<stdout>:\"        | 2147483647",
        "\"[1,2147483648]<stdout>:\"        | -1",
        "\"[1,12345678901]<stdout>:\"       | -1",
        "\"[1,mpirank:12345678901,a]<stdout>:\" | -1",
        "\"[rank1234567890]: \"             | 1234567890",
        "\"[rank12345678901]: \"            | -1",
        "\"[12345678901234567890]:\"        | -1",
    })
    void readsARankLabelTooLargeForAnIntAsNoRank(String prefix, int rank) {
        LauncherPrefix p = new LauncherPrefix();
        assertThat(p.end(prefix + HEADER)).isEqualTo(prefix.length());
        assertThat(p.rank).isEqualTo(rank);
    }

    /** Lines of one process share its identity whatever their timestamps; another rank's lines do not. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "2024-05-01T10:00:00.1Z [rank3]: a | 2024-05-01T10:00:09.9Z [rank3]: b | true",
        "[80001] a                         | [80002] b                         | true",
        "[1,3]<stdout>:a                   | [1,4]<stdout>:b                   | false",
        "Dec 04 12:00:00 n1 python[1]: a   | Dec 04 12:00:07 n1 python[1]: b   | true",
        "Dec 04 12:00:00 n1 python[1]: a   | Dec 04 12:00:00 n2 python[1]: b   | false",
    })
    void namesTheProcessNotTheTime(String a, String b, boolean same) {
        LauncherPrefix p = new LauncherPrefix();
        p.end(a);
        long first = p.process;
        p.end(b);
        assertThat(p.process == first).isEqualTo(same);
    }
}

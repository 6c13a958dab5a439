package io.ncclscope.sdk.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

public class MessageCatalogueTest {

    private static final Pattern CONVERSION =
            Pattern.compile("%[-+ #0]*(?:\\d+|\\*)?(?:\\.(?:\\d+|\\*))?(?:hh|h|ll|l|z|j|t|L)?([diouxXeEfgGcspn%])");
    private static final List<Path> CORPUS_LOGS = List.of(
            Path.of("../../shared/corpus/nccl-logs"), Path.of("../../shared/corpus-more/nccl-logs"));
    private static final String WARN = "NCCL WARN";

    /** Corpus WARN lines no row matches, each with why: reviewed, not to grow without a reason. */
    private static final Map<String, String> EXCEPTIONS = Map.of(
            "NET/Socket : peer 192.168.161.30<59210> message truncated :",
            "the report cut the line: NCCL prints 'message truncated : receiving %d bytes instead of %d'",
            "socketPollConnect poll() failed, ret 1, error Connection timed out, revents 8, connect to 172.16.30.229:39953",
            "printed by the change proposed in NVIDIA/nccl pull request 1618, in no NCCL release");

    private final MessageCatalogue catalogue = MessageCatalogue.builtIn();

    @Test
    void everyRowIsClassifiedAndMatchesAnExampleOfItsFormat() {
        assertThat(catalogue.entries()).hasSizeGreaterThan(300);
        for (MessageCatalogue.Entry entry : catalogue.entries()) {
            assertThat(entry.classification().equals(MessageCatalogue.BENIGN)
                    || entry.classification().equals(MessageCatalogue.CONTEXT)
                    || RuleCatalog.code(entry.classification()).isPresent())
                    .as("line %d classification %s", entry.line(), entry.classification()).isTrue();
            assertThat(entry.source()).isIn("nccl", "pytorch", "nccl-tests", "aws-ofi-nccl", "libfabric", "nccl-rdma-sharp-plugins",
                    "openmpi", "slurm", "deepspeed", "kubernetes", "linux");
            assertThat(entry.versions()).as("line %d versions", entry.line()).isNotBlank();
            assertThat(entry.file()).as("line %d file", entry.line()).isNotBlank();
            String example = example(entry.format()).strip();
            assertThat(entry.pattern().matcher(example).find())
                    .as("line %d: %s does not match its example '%s'", entry.line(), entry.pattern(), example).isTrue();
        }
    }

    @Test
    void ncclRowsSayWarnOrInfoAndNameOnlyRealResults() {
        for (MessageCatalogue.Entry entry : catalogue.entries()) {
            if (entry.source().equals("nccl")) {
                assertThat(entry.note()).as("line %d", entry.line()).matches("(WARN|INFO|ncclGetErrorString).*");
            }
            if (!entry.result().isEmpty()) {
                assertThat(entry.result().split("\\|")).as("line %d", entry.line()).allMatch(result -> result.matches(
                        "ncclUnhandledCudaError|ncclSystemError|ncclInternalError|ncclInvalidArgument"
                                + "|ncclInvalidUsage|ncclRemoteError|ncclInProgress"));
            }
        }
    }

    @Test
    void firstMatchWinsInFileOrder() {
        assertThat(catalogue.match("NET/IB : Got completion from peer 10.0.0.2<4242> with status=12 opcode=0 len=0"
                + " vendor err 129 (Recv) localGid ::1 remoteGids::2").orElseThrow().classification())
                .isEqualTo("IB_COMPLETION_ERROR");
        assertThat(catalogue.match("Call to ibv_create_qp failed").orElseThrow().classification())
                .isEqualTo("IB_SETUP_FAILED");
        assertThat(catalogue.match("Bootstrap : no socket interface found").orElseThrow().classification())
                .isEqualTo("NCCL_NO_SOCKET_INTERFACE");
        assertThat(catalogue.match("Cannot initialize CollNet, using point-to-point network instead")
                .orElseThrow().classification()).isEqualTo("COLLNET_UNAVAILABLE");
        assertThat(catalogue.match("NET/IB : collective mismatch error local size 546816 remote 524288 addr 7ff7d1530000"
                + " rkey 2553d seq 14/1c").orElseThrow().classification()).isEqualTo("NCCL_INVALID_USAGE");
        assertThat(catalogue.match("[Proxy Service 14] Failed to execute operation Connect from rank 14, retcode 2")
                .orElseThrow().classification()).isEqualTo("NCCL_CONNECT_FAILED");
        assertThat(catalogue.match("[Proxy Service 3] Failed to execute operation Init from rank 3, retcode 3")
                .orElseThrow().classification()).isEqualTo(MessageCatalogue.CONTEXT);
        assertThat(catalogue.match("[Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1,"
                + " OpType=BROADCAST, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600081 milliseconds before"
                + " timing out.").orElseThrow().classification()).isEqualTo("NCCL_WATCHDOG_TIMEOUT");
        assertThat(catalogue.match("nothing NCCL ever printed")).isEmpty();
    }

    @Test
    void aKnownReleasePicksTheRowOfThatRelease() {
        String text = "Attempt to use communicator before the previous operation returned ncclSuccess";
        assertThat(catalogue.match(text, "2.15.5").orElseThrow().classification()).isEqualTo(MessageCatalogue.CONTEXT);
        assertThat(catalogue.match(text, "2.18.5+cuda12.2").orElseThrow().classification()).isEqualTo("NCCL_INVALID_USAGE");
        // An unknown or unparsable release keeps file order.
        assertThat(catalogue.match(text, null)).isEqualTo(catalogue.match(text));
        assertThat(catalogue.match(text, "unknown")).isEqualTo(catalogue.match(text));
        MessageCatalogue.Entry row = catalogue.match(text, "2.18").orElseThrow();
        assertThat(row.printedBy("2.17")).isTrue();
        assertThat(row.printedBy("2.16")).isFalse();
    }

    /**
     * tools/messages/gen.py once skipped every file whose path held 'gin/' (so all of src/plugin/), 'param',
     * 'allocator' or 'register': rows of those files must stay in the catalogue, each read from its own source file.
     */
    @Test
    void filesTheGeneratorOnceSkippedByMistakeKeepTheirRows() {
        Map<String, String> rowFileByMessage = Map.of(
                "Failed to initialize any NET plugin", "src/plugin/net.cc",
                "Comm config netName (IB) does not match the parent (Socket)", "src/plugin/net.cc",
                "NET/Plugin: Loaded net plugin libnccl-net-ofi.so (v10)", "src/plugin/net/net_v10.cc",
                "Invalid value abc for NCCL_BUFFSIZE, using default 4194304.", "src/misc/param.cc",
                "Deregister: Could not find handle", "src/register/register.cc",
                "No allocation found at offset=0x1000", "src/allocator.cc",
                "Warning: ENV NCCL_OLD_KNOB is unused. Setting it has no effect.", "src/param/c_api.cc");
        rowFileByMessage.forEach((message, file) -> {
            MessageCatalogue.Entry row = catalogue.match(message).orElseThrow(() -> new AssertionError(message));
            assertThat(row.file().split(" ")).as(message).contains(file);
        });
        assertThat(catalogue.match("Invalid value abc for NCCL_BUFFSIZE, using default 4194304.", "2.28.9")
                .orElseThrow().classification()).isEqualTo("NCCL_ENV_INVALID");
        assertThat(catalogue.match("Invalid value 1x for NCCL_NTHREADS, using default 512.", "2.8.4")
                .orElseThrow().file()).isEqualTo("src/include/param.h");
    }

    /**
     * gen.py used to leave out whole source areas (RAS, GPU-initiated networking, RMA, the memory manager, multi-node
     * NVLink, ...): their WARN formats are classified like the others now, each row naming its area.
     */
    @Test
    void theAreasOnceLeftOutAreClassifiedAndNamed() {
        Map<String, String> codeByMessage = Map.of(
                "NCCL version mismatch with remote peer node-b (local: 22809, remote 22703)", "NCCL_VERSION_MISMATCH",
                "NCCL_GIN_COUNTER_POOL_SIZE has invalid value.", "NCCL_ENV_INVALID",
                "MemManager: cuMemImportFromShareableHandle failed for ptr=0x7f00 (curet=1)", "CUDA_ERROR",
                "MNNVL (cliqueSize 72) is available but not working on this system. Check the IMEX configuration"
                        + " (nvidia-imex-ctl -N). Set NCCL_MNNVL_ENABLE=0 to ignore this issue.", MessageCatalogue.CONTEXT);
        codeByMessage.forEach((message, code) -> {
            MessageCatalogue.Entry row = catalogue.match(message).orElseThrow(() -> new AssertionError(message));
            assertThat(row.classification()).as(message).isEqualTo(code);
            assertThat(row.note()).as(message).contains("area: ");
        });
    }

    @Test
    void aRowWithAnUnknownCodeStopsTheLoadAndABadRegexFailsWhenTheRowIsRead() {
        String header = "source\tformat\tregex\tclassification\tversions\tfile\tresult\tnote";
        assertThatThrownBy(() -> MessageCatalogue.parse(
                List.of(header, "nccl\tx %s\t^x .*$\tNO_SUCH_CODE\t2.4\tsrc/x.cc\t\tWARN"), "test.tsv"))
                .hasMessageContaining("test.tsv:2").hasMessageContaining("NO_SUCH_CODE");
        MessageCatalogue badRegex = MessageCatalogue.parse(
                List.of(header, "nccl\tx %s\t^x (.*$\tcontext\t2.4\tsrc/x.cc\t\tWARN"), "test.tsv");
        assertThatThrownBy(badRegex::entries).hasMessageContaining("test.tsv:2").hasMessageContaining("invalid regular expression");
        assertThatThrownBy(() -> badRegex.match("x (")).hasMessageContaining("invalid regular expression");
        assertThatThrownBy(() -> MessageCatalogue.parse(List.of(header, "nccl\tx\t^x$\tcontext"), "test.tsv"))
                .hasMessageContaining("4 columns");
    }

    @Test
    void everyCorpusWarnLineMatchesARowOrIsAReviewedException() {
        List<Path> files = corpusLogs();
        Assumptions.assumeFalse(files.isEmpty(), "corpus not present");
        Map<String, Integer> byClassification = new TreeMap<>();
        List<String> unmatched = new ArrayList<>();
        int lines = 0;
        int excepted = 0;
        for (Path file : files) {
            for (String message : warnMessages(file)) {
                lines++;
                var entry = catalogue.match(message);
                if (entry.isPresent()) {
                    byClassification.merge(entry.get().classification(), 1, Integer::sum);
                } else if (EXCEPTIONS.containsKey(message)) {
                    excepted++;
                } else {
                    unmatched.add(file.getFileName() + ": " + message);
                }
            }
        }
        printScoreboard(lines, byClassification, excepted, unmatched);
        assertThat(lines).isGreaterThan(40);
        assertThat(unmatched).as("corpus WARN lines no row matches").isEmpty();
    }

    private void printScoreboard(int lines, Map<String, Integer> byClassification, int excepted, List<String> unmatched) {
        Map<String, Integer> rows = new TreeMap<>();
        for (MessageCatalogue.Entry entry : catalogue.entries()) {
            String kind = entry.isFinding() ? "code" : entry.classification();
            rows.merge(entry.source() + " " + kind, 1, Integer::sum);
        }
        System.out.println("message catalogue: " + catalogue.entries().size() + " rows; per source and kind " + rows);
        int matched = byClassification.values().stream().mapToInt(Integer::intValue).sum();
        System.out.println("corpus WARN lines: " + lines + ", matched " + matched + " " + byClassification
                + ", reviewed exceptions " + excepted + ", unmatched " + unmatched.size());
        unmatched.forEach(line -> System.out.println("  unmatched: " + line));
    }

    /** A message built from a printf format: each conversion replaced by a value of its type. */
    public static String example(String format) {
        Matcher matcher = CONVERSION.matcher(format);
        StringBuilder text = new StringBuilder();
        while (matcher.find()) {
            String value = switch (matcher.group(1)) {
                case "d", "i", "u", "o" -> "1";
                case "x", "X" -> "1f";
                case "p" -> "0x1f";
                case "e", "E", "f", "g", "G" -> "1.5";
                case "c" -> "c";
                case "n" -> "";
                case "%" -> "%";
                default -> "x";
            };
            matcher.appendReplacement(text, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(text);
        return text.toString();
    }

    private static List<Path> corpusLogs() {
        List<Path> files = new ArrayList<>();
        for (Path root : CORPUS_LOGS) {
            if (Files.isDirectory(root)) {
                try (Stream<Path> walk = Files.walk(root)) {
                    walk.filter(Files::isRegularFile).sorted().forEach(files::add);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return files;
    }

    private static List<String> warnMessages(Path file) {
        try {
            List<String> messages = new ArrayList<>();
            for (String line : new String(Files.readAllBytes(file), StandardCharsets.UTF_8).split("\\R")) {
                int at = line.indexOf(WARN);
                if (at >= 0) {
                    messages.add(line.substring(at + WARN.length()).strip());
                }
            }
            return messages;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

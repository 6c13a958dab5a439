package io.ncclscope.parsers.env;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.Severity;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases of {@link EnvParser}, and the env.txt of our own collect bundle. */
class EnvParserTest {

    private final EnvParser parser = new EnvParser();

    private static final String COLLECTED = """
            AWS_CA_BUNDLE=<redacted>
            CUDA_HOME=/usr/local/cuda
            NCCL_IB_HCA==mlx5_0,mlx5_3
            NCCL_SOCKET_IFNAME=^lo,veth
            NCCL_IB_DISABLE=1
            """;

    @Test
    void collectEnvTxtIsDetectedAndEveryVariableKeepsItsLine() {
        ParseResult<?> r = Parsers.parse(COLLECTED);
        assertThat(r.kind()).isEqualTo(Kind.ENV);
        EnvData d = (EnvData) r.data();
        assertThat(d.variables()).hasSize(5);
        assertThat(d.variable("NCCL_IB_HCA").orElseThrow().value()).isEqualTo("=mlx5_0,mlx5_3");
        assertThat(d.variable("NCCL_SOCKET_IFNAME").orElseThrow().line()).isEqualTo(4);
        assertThat(d.variable("AWS_CA_BUNDLE").orElseThrow().value()).isEqualTo("<redacted>");
        assertThat(d.nccl()).extracting(EnvVariable::name)
                .containsExactly("NCCL_IB_HCA", "NCCL_SOCKET_IFNAME", "NCCL_IB_DISABLE");
        assertThat(r.warnings()).isEmpty();
    }

    @Test
    void theOwnCaptureOfTheNodeBundleReadsAsEnv() throws Exception {
        String text = new String(EnvParserTest.class.getResourceAsStream("/captured/h200-bundle/before/env.txt").readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        ParseResult<?> r = Parsers.parse(text);
        assertThat(r.kind()).isEqualTo(Kind.ENV);
        assertThat(((EnvData) r.data()).variable("NCCL_VERSION").orElseThrow().value()).isEqualTo("2.28.3-1");
    }

    @Test
    void exportAndDeclareFormsLoseTheirQuotes() {
        EnvData d = parser.parse("""
                declare -x NCCL_DEBUG="INFO"
                export NCCL_NET_GDR_LEVEL='PHB'
                NCCL_P2P_LEVEL=NVL
                """).data();
        assertThat(d.variables()).extracting(EnvVariable::value).containsExactly("INFO", "PHB", "NVL");
        assertThat(d.variable("NCCL_NET_GDR_LEVEL").orElseThrow().line()).isEqualTo(2);
    }

    @Test
    void theLastSettingOfANameWins() {
        EnvData d = parser.parse("NCCL_IB_DISABLE=0\nNCCL_IB_DISABLE=1\n").data();
        assertThat(d.variable("NCCL_IB_DISABLE").orElseThrow().value()).isEqualTo("1");
        assertThat(d.variable("NCCL_NET")).isEmpty();
    }

    @Test
    void crlfTabsCommentsAndBlankLinesReadTheSame() {
        EnvData plain = parser.parse("NCCL_DEBUG=INFO\nNCCL_ALGO=Ring\n").data();
        assertThat(parser.parse("# env of rank 0\r\n\r\n\tNCCL_DEBUG=INFO\r\nNCCL_ALGO=Ring").data().variables())
                .extracting(EnvVariable::name, EnvVariable::value)
                .containsExactlyElementsOf(plain.variables().stream()
                        .map(v -> org.assertj.core.groups.Tuple.tuple(v.name(), v.value())).toList());
    }

    @Test
    void aValueSpanningLinesIsNotedNotTakenForAVariable() {
        ParseResult<EnvData> r = parser.parse("NCCL_DEBUG=INFO\nBASH_FUNC_x%%=() {  echo\n}\nNCCL_ALGO=Ring\n");
        assertThat(r.data().variables()).extracting(EnvVariable::name).containsExactly("NCCL_DEBUG", "NCCL_ALGO");
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.INFO && w.line() == 2);
        assertThat(r.hasErrors()).isFalse();
    }

    @Test
    void emptyGarbageAndProseAreNoEnvironment() {
        assertThat(parser.parse("").hasErrors()).isTrue();
        assertThat(parser.parse("lorem ipsum\n\u0007\u0000\n").hasErrors()).isTrue();
        assertThat(parser.sniff("lorem ipsum")).isZero();
        assertThat(parser.sniff("1=2\n=3\n")).isZero();
        // A log that sets one variable among its lines is the log's, not an environment listing.
        assertThat(parser.sniff("NCCL_DEBUG=INFO\nhost:1:1 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>\n"
                + "host:1:1 [0] NCCL INFO NET/Plugin: No plugin found\n")).isZero();
    }
}

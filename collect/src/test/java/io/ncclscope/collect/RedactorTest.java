package io.ncclscope.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class RedactorTest {

    private static final String R = Redactor.REDACTED;

    @Test
    void keepsNcclSettingsAndRedactsSecretNames() {
        List<String> lines = Redactor.lines(Map.of(
                "NCCL_SOCKET_IFNAME", "eth0",
                "NCCL_IB_PKEY", "0x8001",
                "NCCL_SECRET_TOKEN", "abc",
                "AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI/K7MDENG",
                "AWS_REGION", "us-east-1",
                "SLURM_JOB_ID", "42",
                "HOME", "/home/alice",
                "GITHUB_TOKEN", "ghp_x"));
        assertThat(lines).contains("NCCL_SOCKET_IFNAME=eth0", "NCCL_IB_PKEY=0x8001", "NCCL_SECRET_TOKEN=<redacted>",
                "AWS_SECRET_ACCESS_KEY=<redacted>", "AWS_REGION=<redacted>", "SLURM_JOB_ID=42");
        assertThat(String.join("\n", lines)).doesNotContain("alice", "ghp_x", "wJalr", "abc");
        assertThat(lines.get(lines.size() - 1)).startsWith("# 6 NCCL-relevant").contains("2 other(s) left out");
    }

    /** A secret inside a value, and what the value reads as once it is cut out. */
    static Stream<Arguments> secretsInValues() {
        return Stream.of(
                Arguments.of("http://bob:hunter2@proxy:3128", "http://bob:" + R + "@proxy:3128"),
                // the cases: an empty user, an @ in the password, key=value inside another value
                Arguments.of("redis://:hunter2@cache:6379/0", "redis://:" + R + "@cache:6379/0"),
                Arguments.of("http://bob:p@ss@proxy:3128", "http://bob:" + R + "@proxy:3128"),
                Arguments.of("postgres://app:a@b@c@db.internal/jobs", "postgres://app:" + R + "@db.internal/jobs"),
                Arguments.of("--bootstrap=x password=hunter2 --rank 3", "--bootstrap=x password=" + R + " --rank 3"),
                Arguments.of("opts=password=hunter2;verbose=1", "opts=password=" + R + ";verbose=1"),
                Arguments.of("ACCESSTOKEN=abc123 other=1", "ACCESSTOKEN=" + R + " other=1"),
                Arguments.of("accessToken=abc123", "accessToken=" + R),
                Arguments.of("dbPassword: 'p w'", "dbPassword: " + R),
                // more of the same family
                Arguments.of("amqp://u:one@h1,amqp://u:two@h2", "amqp://u:" + R + "@h1,amqp://u:" + R + "@h2"),
                Arguments.of("https://x-access-token:ghs_abcdefghijklmnopqrstuvwx@github.com/o/r.git",
                        "https://x-access-token:" + R + "@github.com/o/r.git"),
                Arguments.of("https://0123456789abcdef0123456789abcdef@sentry.io/42", "https://" + R + "@sentry.io/42"),
                Arguments.of("https://h/api?x=1&api_key=abc123&y=2", "https://h/api?x=1&api_key=" + R + "&y=2"),
                Arguments.of("https://acct.blob.core.windows.net/c?sv=2022&sig=AbC%2Bd&se=1", "https://acct.blob.core.windows.net/c?sv=2022&sig=" + R + "&se=1"),
                Arguments.of("X-Amz-Credential=AKIAIOSFODNN7EXAMPLE/x&X-Amz-Signature=abcdef", "X-Amz-Credential=" + R + "&X-Amz-Signature=" + R),
                Arguments.of("host=db user=app password=hunter2 port=5432", "host=db user=app password=" + R + " port=5432"),
                Arguments.of("--password hunter2 --port 1", "--password " + R + " --port 1"),
                Arguments.of("--api-key=k1 -v", "--api-key=" + R + " -v"),
                Arguments.of("{\"client_secret\": \"s3 cr3t\", \"id\": 7}", "{\"client_secret\": " + R + ", \"id\": 7}"),
                Arguments.of("NCCL_PLUGIN_CONF=auth_token=xyz,ib=1", "NCCL_PLUGIN_CONF=auth_token=" + R + ",ib=1"),
                Arguments.of("Authorization: Bearer abcdefghijkl", "Authorization: " + R),
                Arguments.of("Authorization: Basic dXNlcjpwYXNzd29yZA==", "Authorization: " + R),
                Arguments.of("x AKIAIOSFODNN7EXAMPLE y", "x " + R + " y"),
                Arguments.of("key ghp_abcdefghijklmnopqrstuvwxyz0123 end", "key " + R + " end"),
                Arguments.of("github_pat_11ABCDEFG0123456789_abcdefghijkl", R),
                Arguments.of("glpat-abcdefghijklmnopqrst", R),
                Arguments.of("sk-proj-abcdefghijklmnopqrstuvwxyz", R),
                Arguments.of("xoxb-1234567890-abcdefghij", R),
                Arguments.of("AIzaSyA1234567890abcdefghijklmnopqrstuv", R),
                Arguments.of("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcdefghijklmnop", R),
                Arguments.of("-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nIBAAK\n-----END RSA PRIVATE KEY-----\nrest", R + "\nrest"));
    }

    @ParameterizedTest
    @MethodSource("secretsInValues")
    void cutsSecretsOutOfValues(String value, String redacted) {
        assertThat(Redactor.scrub(value)).isEqualTo(redacted);
    }

    /** Values that look a little like secrets and are none: they are written as they are. */
    @ParameterizedTest
    @ValueSource(strings = {
        "/usr/local/cuda/lib64:/opt/nccl",
        "eth0,ib0",
        "^docker0,lo",
        "=mlx5_0:1,mlx5_1:1",
        "tcp://10.0.0.1:29500",
        "http://proxy.internal:3128",
        "ssh://git@github.com/org/repo.git",
        "max_tokens=4096",
        "num_tokens: 2048",
        "tokens=1024",
        "--max-tokens 128",
        "processed 1024 tokens in 3.2 s (tokens/s: 320)",
        "gpu01:2231:2231 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.11<0>",
        "NCCL_IB_GID_INDEX=3 NCCL_IB_PKEY=0x8001 NCCL_IB_QPS_PER_CONNECTION=4",
        "key_count=3",
        "password",
        "TOKENIZERS_PARALLELISM=false"
    })
    void keepsInnocentLookAlikes(String value) {
        assertThat(Redactor.scrub(value)).isEqualTo(value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"MY_API_KEY", "UCX_PASSWORD", "HF_TOKEN", "NCCL_ACCESSTOKEN", "NCCL_APITOKEN",
        "SLURM_DBPASSWORD", "TORCH_HUB_TOKEN", "NCCL_NET_PASSWD", "UCX_SECRETKEY", "UCX_ACCESS_KEY", "NCCL_AUTH",
        "TORCH_CONNECTION_STRING", "NCCL_PLUGIN_CREDENTIALS_FILE", "nccl_password", "AZURE_ANYTHING", "NCCL_SIG"})
    void secretNames(String name) {
        assertThat(Redactor.secretName(name)).as(name).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"NCCL_IB_PKEY", "NCCL_IB_HCA", "NCCL_IB_GID_INDEX", "NCCL_IB_QPS_PER_CONNECTION",
        "NCCL_SOCKET_IFNAME", "NCCL_SOCKET_NTHREADS", "CUDA_VISIBLE_DEVICES", "TORCH_NCCL_BLOCKING_WAIT",
        "NCCL_NET_PLUGIN", "TOKENIZERS_PARALLELISM", "NCCL_P2P_BYPASS", "LD_LIBRARY_PATH"})
    void innocentNames(String name) {
        assertThat(Redactor.secretName(name)).as(name).isFalse();
    }

    @Test
    void aPrivateKeyInAVariableIsCutOutWholeBeforeItsNewlinesAreEscaped() {
        List<String> lines = Redactor.lines(Map.of("NCCL_PLUGIN_CONF",
                "a=1\n-----BEGIN PRIVATE KEY-----\nMIIEvQ\n-----END PRIVATE KEY-----"));
        assertThat(lines.get(0)).isEqualTo("NCCL_PLUGIN_CONF=a=1\\n" + R);
    }
}

package io.ncclscope.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RedactorTest {

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

    @Test
    void cutsSecretsOutOfValues() {
        assertThat(Redactor.scrub("http://bob:hunter2@proxy:3128")).isEqualTo("http://bob:<redacted>@proxy:3128");
        assertThat(Redactor.scrub("x AKIAIOSFODNN7EXAMPLE y")).isEqualTo("x <redacted> y");
        assertThat(Redactor.scrub("Authorization: Bearer abcdefghijkl")).isEqualTo("Authorization: <redacted>");
        assertThat(Redactor.scrub("/usr/local/cuda/lib64:/opt/nccl")).isEqualTo("/usr/local/cuda/lib64:/opt/nccl");
    }

    @Test
    void secretWordsCountOnlyAsWholeWords() {
        assertThat(Redactor.secretName("NCCL_IB_PKEY")).isFalse();
        assertThat(Redactor.secretName("NCCL_IB_HCA")).isFalse();
        assertThat(Redactor.secretName("MY_API_KEY")).isTrue();
        assertThat(Redactor.secretName("UCX_PASSWORD")).isTrue();
        assertThat(Redactor.secretName("HF_TOKEN")).isTrue();
    }
}

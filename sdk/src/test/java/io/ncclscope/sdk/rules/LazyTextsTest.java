package io.ncclscope.sdk.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Reading the catalogue code by code gives every key and value that reading each whole file gives, and no other. */
class LazyTextsTest {

    @ParameterizedTest
    @ValueSource(strings = {"io/ncclscope/sdk/rules/Rules.properties", "io/ncclscope/sdk/rules/Rules_zh_CN.properties"})
    void sameTextsAsTheWholeFile(String resource) throws Exception {
        Properties whole = new Properties();
        try (InputStream in = getClass().getResourceAsStream("/" + resource)) {
            whole.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        }
        LazyTexts lazy = LazyTexts.load(resource, null);
        assertThat(whole).isNotEmpty();
        for (String key : whole.stringPropertyNames()) {
            assertThat(lazy.get(key)).as(key).isEqualTo(whole.getProperty(key));
        }
        assertThat(lazy.keys()).containsExactlyInAnyOrderElementsOf(whole.stringPropertyNames());
        assertThat(lazy.get("NO_SUCH_CODE.title")).isNull();
        assertThat(lazy.get("nodot")).isNull();
    }

    @org.junit.jupiter.api.Test
    void chineseFallsBackToEnglishKeyByKey() {
        LazyTexts en = LazyTexts.load("io/ncclscope/sdk/rules/Rules.properties", null);
        LazyTexts zh = LazyTexts.load("io/ncclscope/sdk/rules/Rules_zh_CN.properties", en);
        assertThat(zh.get("NCCL_CONNECT_FAILED.title")).isNotEqualTo(en.get("NCCL_CONNECT_FAILED.title"));
        // Commands are the same in both files; a key only English has still answers in Chinese.
        assertThat(zh.get("NCCL_CONNECT_FAILED.action.1.command")).isEqualTo(en.get("NCCL_CONNECT_FAILED.action.1.command"));
    }
}

package io.ncclscope.sdk.internal;

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

    @ParameterizedTest
    @ValueSource(strings = {"a=b", "a = b", "a:b", "a : b ", "a b", "a  =  b", "a==b", "a=:b", "a =: b", "a= =b", "a",
        "a=", "  a=b", "\ta\t=\tb", "\fa=b", "a.b.c=x y z  ", "k=v=w", "k:v:w", "CODE.title=Say \"hi\" (really)",
        "x=\u4e2d\u6587", "a=b\\", "a\\ b=c", "a=b\\nc", "a=b\rc=d", "key=value with # and ! inside"})
    void plainLinesReadAsPropertiesReadsThem(String line) throws Exception {
        Properties fast = new Properties();
        Properties jdk = new Properties();
        jdk.load(new java.io.StringReader(line));
        if (LazyTexts.putPlain(fast, line)) {
            assertThat(fast).as(line).isEqualTo(jdk);
        } else {
            assertThat(line).as("only lines with a backslash or a carriage return are left to Properties").containsAnyOf("\\", "\r");
        }
    }

    @org.junit.jupiter.api.Test
    void bundlesAreReadOnceAndChineseFallsBackToEnglish() {
        LazyTexts en = LazyTexts.bundle("io.ncclscope.sdk.diagnose.transport.Messages", false);
        LazyTexts zh = LazyTexts.bundle("io.ncclscope.sdk.diagnose.transport.Messages", true);
        assertThat(LazyTexts.bundle("io.ncclscope.sdk.diagnose.transport.Messages", false)).isSameAs(en);
        assertThat(en.get("fallback.single")).isNotNull().isNotEqualTo(zh.get("fallback.single"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LazyTexts.bundle("io.ncclscope.sdk.NoSuchMessages", false))
                .isInstanceOf(java.util.MissingResourceException.class);
    }

    @org.junit.jupiter.api.Test
    void aLineThatIsNotUtf8FailsWhenItsCodeIsRead() {
        byte[] bad = "A.title=ok\nB.title=caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1); // Latin-1, not UTF-8
        LazyTexts t = new LazyTexts("Bad.properties", bad, null);
        assertThat(t.get("A.title")).isEqualTo("ok");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> t.get("B.title"))
                .isInstanceOf(java.io.UncheckedIOException.class).hasMessageContaining("not UTF-8: Bad.properties");
    }
}

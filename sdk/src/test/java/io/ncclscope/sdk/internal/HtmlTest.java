package io.ncclscope.sdk.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HtmlTest {

    @Test
    void markupCharactersBecomeReferencesThatHtmlAndXmlBothRead() {
        assertThat(Html.escape("<script>alert('x') & \"y\"</script>"))
                .isEqualTo("&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;");
    }

    @Test
    void charactersXmlForbidsAreDroppedAndTabAndNewlineKept() {
        assertThat(Html.escape("a\u0001b\u0007c\u001b[31md\re\tf\ng\uFFFEh\uFFFF")).isEqualTo("abc[31mde\tf\ngh");
        assertThat(Html.escape("\u00e9\u4e2d\u2194")).isEqualTo("\u00e9\u4e2d\u2194");
    }

    @Test
    void nullIsEmpty() {
        assertThat(Html.escape(null)).isEmpty();
        assertThat(Html.escape("")).isEmpty();
    }
}

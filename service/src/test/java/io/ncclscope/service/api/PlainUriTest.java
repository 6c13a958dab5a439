package io.ncclscope.service.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.net.URI;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link BodyLimit#plainUri} skips the URI parse only where the parse cannot fail. */
class PlainUriTest {

    @Test
    void whatClientsSendIsPlain() {
        assertThat(BodyLimit.plainUri("/v1/analyze")).isTrue();
        assertThat(BodyLimit.plainUri("/v1/analyze?name=chat-paste&lang=zh-CN&render=md")).isTrue();
        assertThat(BodyLimit.plainUri("/v1/analyze?name=gpu01%2Fjob.log&node=gpu01")).isTrue();
    }

    @Test
    void anythingUnusualIsLeftToTheParse() {
        for (String u : new String[] {"", "v1", "//host/x", "/a b", "/a?b=%zz", "/a?b=%4", "/a?b=%", "/a#frag", "/a?x=<y>",
                "/a?x=\"", "/a|b", "/a\\b", "/a^b", "/a`b", "/a{b}", "/a[0]", "/caf\u00e9", "/a?b=%\u0663\u0663", "/a?b=%\uff21\uff21"}) {
            assertThat(BodyLimit.plainUri(u)).as(u).isFalse();
        }
    }

    @Test
    void aPlainUriAlwaysParses() {
        String alphabet = "/?=&%:@!$'()*+,;-._~aZ09fF[]#\" <>{}|\\^`\u00e9\u0663";
        Random random = new Random(23);
        int plain = 0;
        for (int i = 0; i < 200_000; i++) {
            StringBuilder u = new StringBuilder("/");
            int n = random.nextInt(12);
            for (int j = 0; j < n; j++) u.append(alphabet.charAt(random.nextInt(alphabet.length())));
            if (!BodyLimit.plainUri(u.toString())) continue;
            plain++;
            assertThatCode(() -> new URI(u.toString())).as(u.toString()).doesNotThrowAnyException();
        }
        assertThat(plain).isGreaterThan(1_000);
    }
}

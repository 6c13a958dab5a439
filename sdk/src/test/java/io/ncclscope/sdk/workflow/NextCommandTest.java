package io.ncclscope.sdk.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.rules.Need;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class NextCommandTest {

    /** What {@link NextCommand#placeholders} finds, as the expression it was written from. */
    private static final Pattern PLACEHOLDER = Pattern.compile("<([A-Za-z][^<>\\n]*)>");

    @Test
    void placeholdersAreTheNamesInAngleBracketsInOrderOnceEach() {
        NextCommand c = new NextCommand(Need.NODE_LIST, null,
                "NCCL_SOCKET_IFNAME=<iface> NCCL_IB_HCA=<healthy HCAs from ibstat> cmd < in > out <iface> <1x> <a\nb>");
        assertThat(c.placeholders()).containsExactly("iface", "healthy HCAs from ibstat");
        assertThat(new NextCommand(Need.NODE_LIST, null, "ibstat").placeholders()).isEmpty();
    }

    @Test
    void placeholdersAreWhatTheExpressionFinds() {
        Random random = new Random(23);
        String[] pieces = {"<", "<", ">", ">", "a", "Z", "1", " ", "\n", "iface", "-", "\u00e9"};
        for (int i = 0; i < 50_000; i++) {
            StringBuilder sb = new StringBuilder();
            int n = random.nextInt(12);
            for (int k = 0; k < n; k++) sb.append(pieces[random.nextInt(pieces.length)]);
            String command = sb.toString();
            List<String> expected = new ArrayList<>();
            Matcher m = PLACEHOLDER.matcher(command);
            while (m.find()) if (!expected.contains(m.group(1))) expected.add(m.group(1));
            assertThat(new NextCommand(Need.NODE_LIST, null, command).placeholders()).as(command).isEqualTo(expected);
        }
    }
}

package io.ncclscope.parsers.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WhitespaceTest {

    @Test
    void answersAsCharacterIsWhitespaceForEveryChar() {
        List<Integer> differ = new ArrayList<>();
        for (int c = Character.MIN_VALUE; c <= Character.MAX_VALUE; c++) {
            if (Whitespace.is((char) c) != Character.isWhitespace((char) c)) differ.add(c);
        }
        assertThat(differ).isEmpty();
    }
}

package io.ncclscope.parsers.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DigitsTest {

    /** A region of {@code "x" + digits + "y"} between the x and the y: its value, or no number. */
    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "0                    | 0",
        "007                  | 7",
        "123456789012345678   | 123456789012345678",
        "999999999999999999   | 999999999999999999",
        // 19 digits may not fit a long: no number rather than a wrapped one
        "1234567890123456789  | -1",
        "\"\"                 | -1",
        "12a4                 | -1",
        "-12                  | -1",
        "\"1 2\"              | -1",
        "١٢                   | -1",
    })
    void readsARunOfAsciiDigitsOrNoNumber(String digits, long value) {
        String s = "x" + digits + "y";
        assertThat(Digits.value(s, 1, s.length() - 1)).isEqualTo(value);
        assertThat(Digits.allDigits(s, 1, s.length() - 1)).isEqualTo(!digits.isEmpty() && digits.chars().allMatch(c -> c >= '0' && c <= '9'));
    }
}

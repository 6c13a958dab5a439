package io.ncclscope.service.api;

import java.util.Locale;

/** The report language of a request. */
final class Locales {

    private Locales() {
    }

    /** {@code zh...} is Simplified Chinese; anything else (validated upstream), or null, is English. */
    static Locale of(String lang) {
        return lang != null && lang.toLowerCase(Locale.ROOT).startsWith("zh") ? Locale.SIMPLIFIED_CHINESE : Locale.ENGLISH;
    }
}

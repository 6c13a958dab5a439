package io.ncclscope.service.api;

import io.ncclscope.sdk.Language;
import java.util.Locale;

/** The report language of a request: the SDK's {@link Language} of its {@code lang}. */
final class Locales {

    private Locales() {
    }

    /** The locale of {@code lang} (validated upstream); English for null or a tag no language has. */
    static Locale of(String lang) {
        return Language.forTag(lang).orElse(Language.ENGLISH).locale();
    }
}

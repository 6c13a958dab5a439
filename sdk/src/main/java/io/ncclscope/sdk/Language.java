package io.ncclscope.sdk;

import java.util.Locale;
import java.util.Optional;

/**
 * The languages reports are written in, and the one place a user's language tag or a {@link Locale} is mapped to
 * one of them: the CLI's {@code --lang}, the service's {@code lang}, and every renderer read it here.
 */
public enum Language {
    /** English, the default. */
    ENGLISH("en", Locale.ENGLISH),
    /** Simplified Chinese. */
    SIMPLIFIED_CHINESE("zh-CN", Locale.SIMPLIFIED_CHINESE);

    private final String tag;
    private final Locale locale;

    Language(String tag, Locale locale) {
        this.tag = tag;
        this.locale = locale;
    }

    /** {@return the tag reports carry in their {@code language} member: {@code en} or {@code zh-CN}} */
    public String tag() {
        return tag;
    }

    /** {@return the locale the texts are looked up in} */
    public Locale locale() {
        return locale;
    }

    /**
     * {@return the language of a tag as people type it: {@code en}, {@code en-US}, {@code en_GB}... for English;
     * {@code zh}, {@code zh-CN}, {@code zh_CN}, {@code zh-Hans} for Simplified Chinese (any case); empty for any
     * other tag, or null}
     *
     * @param tag a language tag, or null
     */
    public static Optional<Language> forTag(String tag) {
        if (tag == null) return Optional.empty();
        String t = tag.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        if (t.equals("en") || t.startsWith("en-")) return Optional.of(ENGLISH);
        if (t.equals("zh") || t.equals("zh-cn") || t.equals("zh-hans")) return Optional.of(SIMPLIFIED_CHINESE);
        return Optional.empty();
    }

    /**
     * {@return Simplified Chinese for any Chinese locale, English for every other one and for null}
     *
     * @param locale a locale, or null
     */
    public static Language of(Locale locale) {
        return locale != null && "zh".equals(locale.getLanguage()) ? SIMPLIFIED_CHINESE : ENGLISH;
    }

    /**
     * {@return the language of a report's {@code language} member ({@link #tag()}); English for any other value}
     *
     * @param tag {@code en} or {@code zh-CN}
     */
    public static Language ofReport(String tag) {
        return SIMPLIFIED_CHINESE.tag.equals(tag) ? SIMPLIFIED_CHINESE : ENGLISH;
    }
}

package io.ncclscope.sdk;

import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.localize.Localizer;
import java.util.Locale;
import java.util.Objects;

/**
 * What the {@link NcclScope} facade may be told, with a documented default for everything: the reader's language,
 * the parse limits, how much of the input is kept, and how pairwise results are judged. Immutable and thread-safe;
 * build one with {@link #builder()}, start from {@link #DEFAULTS}, or derive one with {@link #toBuilder()}.
 *
 * <pre>{@code
 * Options zh = Options.builder().locale(Locale.SIMPLIFIED_CHINESE).maxFiles(10_000).build();
 * }</pre>
 */
public final class Options {

    /** Every default: English, {@link ParseLimits#DEFAULTS}, {@link Evidence#DEFAULT_KEEP_TEXT},
     * {@link Evidence#DEFAULT_MAX_FILES}, pairs judged against their median with {@link Localizer#DEFAULT_FRACTION}. */
    public static final Options DEFAULTS = builder().build();

    private final Locale locale;
    private final ParseLimits limits;
    private final long keepTextUpTo;
    private final int maxFiles;
    private final Double pairExpectedGBs;
    private final double pairSlowFraction;

    private Options(Builder b) {
        this.locale = b.locale;
        this.limits = b.limits;
        this.keepTextUpTo = b.keepTextUpTo;
        this.maxFiles = b.maxFiles;
        this.pairExpectedGBs = b.pairExpectedGBs;
        this.pairSlowFraction = b.pairSlowFraction;
    }

    /**
     * A builder holding the defaults.
     *
     * @return a new builder; not thread-safe
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder holding these options, to change some of them.
     *
     * @return a new builder; not thread-safe
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.locale = locale;
        b.limits = limits;
        b.keepTextUpTo = keepTextUpTo;
        b.maxFiles = maxFiles;
        b.pairExpectedGBs = pairExpectedGBs;
        b.pairSlowFraction = pairSlowFraction;
        return b;
    }

    /**
     * The reader's language: Simplified Chinese for any Chinese locale, English for every other one.
     *
     * @return the locale given, {@link Locale#ENGLISH} by default
     */
    public Locale locale() {
        return locale;
    }

    /**
     * The limits every parse runs under.
     *
     * @return {@link ParseLimits#DEFAULTS} unless set
     */
    public ParseLimits limits() {
        return limits;
    }

    /**
     * Files up to this many bytes keep their text, so that findings can quote any of their lines.
     *
     * @return {@link Evidence#DEFAULT_KEEP_TEXT} (16 MiB) unless set
     */
    public long keepTextUpTo() {
        return keepTextUpTo;
    }

    /**
     * Most files read from folders; more are reported as an {@link Evidence.Problem}.
     *
     * @return {@link Evidence#DEFAULT_MAX_FILES} unless set
     */
    public int maxFiles() {
        return maxFiles;
    }

    /**
     * The bus bandwidth a two-node pair should reach, in GB/s, for {@link NcclScope#localize}.
     *
     * @return the expectation, or null (the default) to judge pairs against their median
     */
    public Double pairExpectedGBs() {
        return pairExpectedGBs;
    }

    /**
     * The share of the expectation (or of the median pair) below which a pair is slow.
     *
     * @return a fraction in (0, 1], {@link Localizer#DEFAULT_FRACTION} unless set
     */
    public double pairSlowFraction() {
        return pairSlowFraction;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Options x && locale.equals(x.locale) && limits.equals(x.limits)
                && keepTextUpTo == x.keepTextUpTo && maxFiles == x.maxFiles
                && Objects.equals(pairExpectedGBs, x.pairExpectedGBs)
                && Double.compare(pairSlowFraction, x.pairSlowFraction) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(locale, limits, keepTextUpTo, maxFiles, pairExpectedGBs, pairSlowFraction);
    }

    @Override
    public String toString() {
        return "Options[locale=" + locale.toLanguageTag() + ", keepTextUpTo=" + keepTextUpTo + ", maxFiles=" + maxFiles
                + ", pairExpectedGBs=" + pairExpectedGBs + ", pairSlowFraction=" + pairSlowFraction + "]";
    }

    /** Builder of {@link Options}; every setter checks its value at once. Not thread-safe. */
    public static final class Builder {
        private Locale locale = Locale.ENGLISH;
        private ParseLimits limits = ParseLimits.DEFAULTS;
        private long keepTextUpTo = Evidence.DEFAULT_KEEP_TEXT;
        private int maxFiles = Evidence.DEFAULT_MAX_FILES;
        private Double pairExpectedGBs;
        private double pairSlowFraction = Localizer.DEFAULT_FRACTION;

        private Builder() {
        }

        /**
         * Sets the reader's language.
         *
         * @param locale any locale; Chinese ones give Simplified Chinese, every other English
         * @return this builder
         * @throws NullPointerException when {@code locale} is null
         */
        public Builder locale(Locale locale) {
            this.locale = Objects.requireNonNull(locale, "locale");
            return this;
        }

        /**
         * Sets the limits every parse runs under.
         *
         * @param limits the limits
         * @return this builder
         * @throws NullPointerException when {@code limits} is null
         */
        public Builder limits(ParseLimits limits) {
            this.limits = Objects.requireNonNull(limits, "limits");
            return this;
        }

        /**
         * Sets the size up to which a file keeps its text for quoting.
         *
         * @param bytes a size in bytes, 0 or more (0: quote only the lines the parsers kept)
         * @return this builder
         * @throws IllegalArgumentException when {@code bytes} is negative
         */
        public Builder keepTextUpTo(long bytes) {
            if (bytes < 0) throw new IllegalArgumentException("keepTextUpTo must be 0 or more: " + bytes);
            this.keepTextUpTo = bytes;
            return this;
        }

        /**
         * Sets the most files read from folders.
         *
         * @param n a count, 1 or more
         * @return this builder
         * @throws IllegalArgumentException when {@code n} is below 1
         */
        public Builder maxFiles(int n) {
            if (n < 1) throw new IllegalArgumentException("maxFiles must be 1 or more: " + n);
            this.maxFiles = n;
            return this;
        }

        /**
         * Sets the bus bandwidth a two-node pair should reach.
         *
         * @param gbs GB/s above 0, or null to judge pairs against their median
         * @return this builder
         * @throws IllegalArgumentException when {@code gbs} is not above 0
         */
        public Builder pairExpectedGBs(Double gbs) {
            if (gbs != null && !(gbs > 0)) throw new IllegalArgumentException("pairExpectedGBs must be above 0: " + gbs);
            this.pairExpectedGBs = gbs;
            return this;
        }

        /**
         * Sets the share of the expectation (or of the median pair) below which a pair is slow.
         *
         * @param fraction a fraction in (0, 1]
         * @return this builder
         * @throws IllegalArgumentException when {@code fraction} is outside (0, 1]
         */
        public Builder pairSlowFraction(double fraction) {
            if (!(fraction > 0 && fraction <= 1)) {
                throw new IllegalArgumentException("pairSlowFraction must be in (0, 1]: " + fraction);
            }
            this.pairSlowFraction = fraction;
            return this;
        }

        /**
         * The options set so far.
         *
         * @return immutable options; the builder may go on being used
         */
        public Options build() {
            return new Options(this);
        }
    }
}

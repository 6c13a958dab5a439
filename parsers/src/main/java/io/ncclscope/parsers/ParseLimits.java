package io.ncclscope.parsers;

/**
 * Explicit bounds on what a parse may consume, in the spirit of jackson's read constraints.
 * Immutable; build one with {@link #builder()} or take {@link #DEFAULTS}.
 *
 * <ul>
 *   <li>{@code maxChars}: characters read before the parse stops with an error warning
 *       (default 4 GiB worth of characters for streaming parsers: effectively unbounded for logs,
 *       whose memory does not grow with length; tables are read whole and are capped at 64 MiB).</li>
 *   <li>{@code maxLineLength}: characters kept of one line; the rest is dropped with a warning
 *       (default 64 KiB).</li>
 *   <li>{@code maxWarnings}: warnings kept; one more says how many were dropped (default 1000).</li>
 * </ul>
 */
public final class ParseLimits {

    /** Defaults: see the class comment. */
    public static final ParseLimits DEFAULTS = builder().build();

    private final long maxChars;
    private final long maxTableChars;
    private final int maxLineLength;
    private final int maxWarnings;

    private ParseLimits(Builder b) {
        this.maxChars = b.maxChars;
        this.maxTableChars = b.maxTableChars;
        this.maxLineLength = b.maxLineLength;
        this.maxWarnings = b.maxWarnings;
    }

    /** {@return a builder starting from the defaults} */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return most characters a streaming (log) parser reads} */
    public long maxChars() {
        return maxChars;
    }

    /** {@return most characters a table parser (everything but logs) reads} */
    public long maxTableChars() {
        return maxTableChars;
    }

    /** {@return most characters kept of one line} */
    public int maxLineLength() {
        return maxLineLength;
    }

    /** {@return most warnings kept} */
    public int maxWarnings() {
        return maxWarnings;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ParseLimits l && maxChars == l.maxChars && maxTableChars == l.maxTableChars
                && maxLineLength == l.maxLineLength && maxWarnings == l.maxWarnings;
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(maxChars, maxTableChars, maxLineLength, maxWarnings);
    }

    @Override
    public String toString() {
        return "ParseLimits[maxChars=" + maxChars + ", maxTableChars=" + maxTableChars + ", maxLineLength="
                + maxLineLength + ", maxWarnings=" + maxWarnings + "]";
    }

    /** Builder for {@link ParseLimits}; not thread-safe. */
    public static final class Builder {
        private long maxChars = 4L << 30;
        private long maxTableChars = 64L << 20;
        private int maxLineLength = 64 << 10;
        private int maxWarnings = 1000;

        private Builder() {
        }

        /**
         * Sets the most characters a streaming (log) parser reads.
         *
         * @param v characters, above 0 (default 4 GiB worth)
         * @return this builder
         */
        public Builder maxChars(long v) {
            if (v <= 0) throw new IllegalArgumentException("maxChars must be positive: " + v);
            this.maxChars = v;
            return this;
        }

        /**
         * Sets the most characters a table parser (every kind but logs) reads.
         *
         * @param v characters, above 0 (default 64 MiB)
         * @return this builder
         */
        public Builder maxTableChars(long v) {
            if (v <= 0) throw new IllegalArgumentException("maxTableChars must be positive: " + v);
            this.maxTableChars = v;
            return this;
        }

        /**
         * Sets the most characters kept of one line.
         *
         * @param v characters, 80 or more (default 64 KiB)
         * @return this builder
         */
        public Builder maxLineLength(int v) {
            if (v < 80) throw new IllegalArgumentException("maxLineLength must be at least 80: " + v);
            this.maxLineLength = v;
            return this;
        }

        /**
         * Sets the most warnings kept.
         *
         * @param v a count, 1 or more (default 1000)
         * @return this builder
         */
        public Builder maxWarnings(int v) {
            if (v < 1) throw new IllegalArgumentException("maxWarnings must be at least 1: " + v);
            this.maxWarnings = v;
            return this;
        }

        /**
         * The limits set so far.
         *
         * @return immutable limits; the builder may go on being used
         */
        public ParseLimits build() {
            return new ParseLimits(this);
        }
    }
}

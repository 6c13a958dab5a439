package io.ncclscope.cli;

import io.ncclscope.sdk.Format;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/**
 * The CLI's names of the SDK's forms ({@code text}, {@code md}, {@code json}, {@code html}) and the picocli
 * converters of {@code --format}, one per set of forms a command offers. A name a command does not offer is a usage
 * error in picocli's words: {@code expected one of [text, md, json] (case-sensitive) but was 'x'}.
 */
final class FormatNames {

    private FormatNames() {
    }

    /** {@return the CLI's name of {@code f}: {@code md} for Markdown, else the lower-case name} */
    static String name(Format f) {
        return f == Format.MARKDOWN ? "md" : f.name().toLowerCase(Locale.ROOT);
    }

    /** Converts the names of the forms a command offers, in the order its help lists them. */
    abstract static class Offered implements CommandLine.ITypeConverter<Format> {
        private final List<Format> offered;

        Offered(Format... offered) {
            this.offered = List.of(offered);
        }

        @Override
        public Format convert(String value) {
            for (Format f : offered) {
                if (name(f).equals(value)) return f;
            }
            throw new CommandLine.TypeConversionException("expected one of " + offered.stream().map(FormatNames::name).toList()
                    + " (case-sensitive) but was '" + value + "'");
        }
    }

    /** {@code text}, {@code md} or {@code json}: the report commands ({@code analyze}, {@code compare}...). */
    static final class TextMdJson extends Offered {
        TextMdJson() {
            super(Format.TEXT, Format.MARKDOWN, Format.JSON);
        }
    }

    /** {@code text}, {@code md}, {@code json} or {@code html}: {@code compare}. */
    static final class TextMdJsonHtml extends Offered {
        TextMdJsonHtml() {
            super(Format.TEXT, Format.MARKDOWN, Format.JSON, Format.HTML);
        }
    }

    /** {@code json} or {@code text}: {@code parse}. */
    static final class JsonText extends Offered {
        JsonText() {
            super(Format.JSON, Format.TEXT);
        }
    }

    /** {@code html}, {@code md}, {@code json} or {@code text}: {@code report}. */
    static final class HtmlMdJsonText extends Offered {
        HtmlMdJsonText() {
            super(Format.HTML, Format.MARKDOWN, Format.JSON, Format.TEXT);
        }
    }
}

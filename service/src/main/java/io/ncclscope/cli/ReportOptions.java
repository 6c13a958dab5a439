package io.ncclscope.cli;

import io.ncclscope.sdk.Format;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The output options every report command shares ({@code analyze}, {@code compare}, {@code localize}):
 * {@code --format text|md|json} and {@code --lang en|zh-CN}. A picocli mixin.
 */
final class ReportOptions {

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "text", converter = FormatNames.TextMdJson.class,
            description = "text (default, everything), md (chat-sized Markdown) or json.")
    Format format;

    /** {@return the form asked for: a full text view, chat-sized Markdown, or the JSON contract} */
    Format format() {
        return format;
    }

    @Option(names = {"-l", "--lang"}, paramLabel = "LANG", defaultValue = "en",
            description = "Language of the report: en (default) or zh-CN.")
    String lang;

    /** The report's locale; a usage error for an unsupported language. */
    Locale locale(CommandLine cl) {
        return Languages.parse(cl, lang);
    }
}

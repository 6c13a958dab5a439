package io.ncclscope.cli;

import io.ncclscope.sdk.Language;
import java.util.Locale;
import picocli.CommandLine;

/** The CLI's {@code --lang}: the SDK's {@link Language} of the tag, or a usage error. */
final class Languages {

    private Languages() {
    }

    static Locale parse(CommandLine cl, String lang) {
        return Language.forTag(lang).orElseThrow(() ->
                new CommandLine.ParameterException(cl, "unsupported language '" + lang + "'; use en or zh-CN")).locale();
    }
}

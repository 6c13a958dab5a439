package io.ncclscope.cli;

import java.util.Locale;
import picocli.CommandLine;

/** The report languages the CLI accepts: {@code en} and {@code zh-CN}. */
final class Languages {

    private Languages() {
    }

    static Locale parse(CommandLine cl, String lang) {
        String l = lang == null ? "" : lang.trim();
        if (l.equalsIgnoreCase("en") || l.toLowerCase(Locale.ROOT).startsWith("en-") || l.toLowerCase(Locale.ROOT).startsWith("en_")) {
            return Locale.ENGLISH;
        }
        if (l.equalsIgnoreCase("zh-CN") || l.equalsIgnoreCase("zh_CN") || l.equalsIgnoreCase("zh")) {
            return Locale.SIMPLIFIED_CHINESE;
        }
        throw new CommandLine.ParameterException(cl, "unsupported language '" + lang + "'; use en or zh-CN");
    }
}

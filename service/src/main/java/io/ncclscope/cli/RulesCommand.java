package io.ncclscope.cli;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.Language;
import io.ncclscope.sdk.report.Markup;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.CommandLanguage;
import io.ncclscope.sdk.rules.Rule;
import io.ncclscope.sdk.rules.RuleCatalog;
import io.ncclscope.sdk.rules.RuleText;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ncclscope rules}: the catalogue of finding codes, with meaning, causes, actions and sources. */
@Command(
        name = "rules",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "List the finding codes, with their causes and actions.",
            "For each code ncclscope reports: what it means, its likely causes (most likely first), "
                    + "the actions to take (cheapest first, with exact commands) and where the rule comes from. "
                    + "The codes are a stable contract: they are added, never renamed.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope rules                              one line per code",
            "  ncclscope rules NCCL_SYSTEM_ERROR            the full entry of one code",
            "  ncclscope rules --lang zh-CN --format md     the whole catalogue in Chinese, Markdown",
            "  ncclscope rules --format json                for tools",
            "",
            "Exit codes: 0 ok; 2 unknown code or bad option."
        })
final class RulesCommand implements Callable<Integer> {

    @Option(names = {"-l", "--lang"}, paramLabel = "LANG", defaultValue = "en",
            description = "Language of the texts: en (default) or zh-CN.")
    String lang;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "text", converter = FormatNames.TextMdJson.class,
            description = "text (default), md or json.")
    Format format;

    @Parameters(paramLabel = "CODE", arity = "0..*", description = "Codes to show in full; all when omitted.")
    List<String> codes = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Locale locale = Languages.parse(spec.commandLine(), lang);
        // The category of the block (ERROR, TRANSPORT...) and the severity read alike unless labelled.
        boolean zh = Language.of(locale) == Language.SIMPLIFIED_CHINESE;
        String category = zh ? "类别" : "category";
        String severity = zh ? "严重程度" : "severity";
        List<Rule> rules = new ArrayList<>();
        if (codes.isEmpty()) {
            rules.addAll(RuleCatalog.all());
        } else {
            for (String c : codes) {
                rules.add(RuleCatalog.find(c.trim().toUpperCase(Locale.ROOT)).orElseThrow(() ->
                        new CommandLine.ParameterException(spec.commandLine(),
                                "unknown code '" + c + "'; 'ncclscope rules' lists them")));
            }
        }
        boolean full = !codes.isEmpty();
        switch (format) {
            case JSON -> {
                List<Map<String, Object>> l = new ArrayList<>();
                for (Rule r : rules) {
                    RuleText t = RuleCatalog.text(r.code(), locale);
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("code", r.code());
                    m.put("category", r.category());
                    m.put("severity", r.defaultSeverity());
                    m.put("segment", r.segment());
                    m.put("title", t.title());
                    m.put("meaning", t.meaning());
                    m.put("causes", t.causes());
                    m.put("actions", t.actions());
                    m.put("sources", r.sources());
                    l.add(m);
                }
                out.println(Json.pretty(l));
            }
            case MARKDOWN -> {
                for (Rule r : rules) {
                    RuleText t = RuleCatalog.text(r.code(), locale);
                    out.printf(Locale.ROOT, "### `%s` — %s%n%n", r.code(), t.title());
                    out.printf(Locale.ROOT, "*%s %s · %s %s*%n%n%s%n%n", category, r.category(), severity, r.defaultSeverity(),
                            t.meaning());
                    for (String c : t.causes()) out.println("- " + c);
                    out.println();
                    int i = 1;
                    for (Action a : t.actions()) {
                        out.printf(Locale.ROOT, "%d. %s%s%n", i++, a.text(), a.hasCommand() ? Markup.MARKDOWN.itemCommand(a.command(), "   ") : "");
                    }
                    out.println();
                    out.println("Sources: " + String.join("; ", r.sources()));
                    out.println();
                }
            }
            case TEXT -> {
                if (!full) {
                    out.printf(Locale.ROOT, "%-28s %-9s %-8s %s%n", zh ? "代码" : "CODE", category.toUpperCase(Locale.ROOT),
                            severity.toUpperCase(Locale.ROOT), zh ? "标题" : "TITLE");
                }
                for (Rule r : rules) {
                    RuleText t = RuleCatalog.text(r.code(), locale);
                    if (!full) {
                        out.printf(Locale.ROOT, "%-28s %-9s %-8s %s%n", r.code(), r.category(), r.defaultSeverity(), t.title());
                        continue;
                    }
                    out.printf(Locale.ROOT, "%s  [%s %s, %s %s]%n  %s%n  %s%n", r.code(), category, r.category(), severity,
                            r.defaultSeverity(), t.title(), t.meaning());
                    out.println("  Causes:");
                    for (String c : t.causes()) out.println("    - " + c);
                    out.println("  Actions:");
                    int i = 1;
                    for (Action a : t.actions()) {
                        out.printf(Locale.ROOT, "    %d. %s%n", i++, a.text());
                        if (a.hasCommand()) out.print(CommandLanguage.of(a.command()).prompted(a.command(), "       "));
                    }
                    out.println("  Sources: " + String.join("; ", r.sources()));
                    out.println();
                }
            }
        }
        return Main.OK;
    }
}

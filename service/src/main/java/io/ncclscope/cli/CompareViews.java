package io.ncclscope.cli;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.compare.Comparison;
import io.ncclscope.sdk.compare.PlannedRun;
import io.ncclscope.sdk.compare.Scaling;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The views {@code ncclscope compare} prints, for the REST service: one map per result, as JSON, Markdown or text,
 * so that {@code POST /v1/compare} answers exactly what the command prints.
 */
public final class CompareViews {

    /** The formats of a view. */
    public enum Form { JSON, MARKDOWN, TEXT }

    private CompareViews() {
    }

    /** An A/B comparison and the runs to make next. */
    public static String comparison(Comparison c, List<PlannedRun> plan, Locale locale, Form form) {
        return render(CompareCommand.compareView(c, plan, locale, "zh".equals(locale.getLanguage())), form);
    }

    /** A scaling series. */
    public static String scaling(Scaling s, Locale locale, Form form) {
        return render(CompareCommand.scalingView(s, locale, "zh".equals(locale.getLanguage())), form);
    }

    private static String render(Map<String, Object> view, Form form) {
        return switch (form) {
            case JSON -> {
                view.remove("zh");
                yield Json.pretty(view) + "\n";
            }
            case MARKDOWN -> CompareCommand.render(view, true);
            case TEXT -> CompareCommand.render(view, false);
        };
    }
}

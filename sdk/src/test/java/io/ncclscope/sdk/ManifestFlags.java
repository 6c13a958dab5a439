package io.ncclscope.sdk;

import io.ncclscope.sdk.rules.FindingCode;
import io.ncclscope.sdk.rules.RuleCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a {@code corpus-more} manifest row's {@code flags} ask of a diagnosis, read from its two phrases:
 * {@code expected: CODE} (the code must be raised; {@code A or B} accepts either, {@code A and B} needs both) and
 * {@code must not: CODE} (the code must not be raised). Only registered finding codes count, so prose such as
 * {@code NCCL_GRAPH_FILE} or {@code RAS MISMATCH} is not read as a code; a clause ends at {@code ;}, a sentence end
 * or a closing parenthesis. {@code expected or acceptable:} and {@code acceptable:} name what may be raised, not
 * what must be, and are not read.
 *
 * @param expected  groups of codes of which at least one per group must be raised
 * @param forbidden codes that must not be raised
 */
record ManifestFlags(List<Set<String>> expected, Set<String> forbidden) {

    private static final Pattern CLAUSE = Pattern.compile("(?i)\\b(expected|must not)\\s*:\\s*([^;)]*?)(?=;|\\)|\\.\\s|\\.$|$)");
    private static final Pattern CODE = Pattern.compile("[A-Z][A-Z0-9_]{3,}");
    private static final Pattern AND = Pattern.compile("\\band\\b|,");

    ManifestFlags {
        expected = List.copyOf(expected);
        forbidden = Set.copyOf(forbidden);
    }

    /**
     * {@return the demands of one manifest row's flags}
     *
     * @param flags the row's {@code ground_truth.flags}
     */
    static ManifestFlags of(String flags) {
        Set<String> known = RuleCatalog.codes().stream().map(FindingCode::code).collect(Collectors.toSet());
        List<Set<String>> expected = new ArrayList<>();
        Set<String> forbidden = new TreeSet<>();
        Matcher m = CLAUSE.matcher(flags);
        while (m.find()) {
            boolean must = m.group(1).equalsIgnoreCase("expected");
            for (String part : AND.split(m.group(2))) {
                Set<String> codes = new TreeSet<>();
                Matcher c = CODE.matcher(part);
                while (c.find()) {
                    if (known.contains(c.group())) codes.add(c.group());
                }
                if (codes.isEmpty()) continue;
                if (must) {
                    expected.add(codes);
                } else {
                    forbidden.addAll(codes);
                }
            }
        }
        return new ManifestFlags(expected, forbidden);
    }

    /**
     * {@return the expected groups none of whose codes is in {@code raised}}
     *
     * @param raised the codes a diagnosis raised
     */
    List<Set<String>> missing(Set<String> raised) {
        return expected.stream().filter(g -> g.stream().noneMatch(raised::contains)).toList();
    }

    /**
     * {@return the forbidden codes in {@code raised}}
     *
     * @param raised the codes a diagnosis raised
     */
    Set<String> wronglyRaised(Set<String> raised) {
        return forbidden.stream().filter(raised::contains).collect(Collectors.toCollection(TreeSet::new));
    }
}

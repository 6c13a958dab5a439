package io.ncclscope.sdk.rules;

import java.util.List;
import java.util.Objects;

/**
 * The user-facing text of a rule in one language, read from the catalogue's resource bundles.
 *
 * @param title   a short headline, under 70 characters
 * @param meaning what the finding means, in one or two sentences
 * @param causes  likely causes, the most likely first; never empty
 * @param actions next steps, the cheapest first; never empty
 */
public record RuleText(String title, String meaning, List<String> causes, List<Action> actions) {

    /**
     * Checks the components and copies the lists.
     *
     * @param title   a short headline
     * @param meaning what the finding means
     * @param causes  likely causes, most likely first; at least one
     * @param actions next steps, cheapest first; at least one
     * @throws NullPointerException     when a component or list element is null
     * @throws IllegalArgumentException when the title or meaning is blank, or a list is empty
     */
    public RuleText {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(meaning, "meaning");
        causes = List.copyOf(causes);
        actions = List.copyOf(actions);
        if (title.isBlank() || meaning.isBlank()) {
            throw new IllegalArgumentException("title and meaning must not be blank");
        }
        if (causes.isEmpty() || actions.isEmpty()) {
            throw new IllegalArgumentException("a rule text needs at least one cause and one action");
        }
    }
}

package io.ncclscope.sdk.rules;

/**
 * The longest run of literal characters that every match of a regular expression contains, read from the
 * expression's text: plain characters and escaped punctuation outside any group, class or alternation, with a
 * character that a quantifier makes optional left out. "" when the expression has none that is certain (an
 * alternation at its top level, inline flags, nothing literal). The message catalogue's rows are anchored printf
 * formats ({@code ^NET/IB : Got completion from peer .* with status=-?\d+}), so their literal text is plain to read.
 */
final class RequiredLiteral {

    private RequiredLiteral() {
    }

    /**
     * {@return the longest literal run every match of {@code regex} contains, or ""}
     *
     * @param regex a {@link java.util.regex.Pattern} expression
     */
    static String of(String regex) {
        if (hasInlineFlags(regex)) return "";
        String longest = "";
        StringBuilder run = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            char literal = 0;
            if (c == '\\' && i + 1 < regex.length()) {
                char next = regex.charAt(++i);
                if (depth == 0 && !Character.isLetterOrDigit(next)) literal = next;
                // quoting, and escapes whose characters follow (hex, Unicode, octal, properties, names, controls)
                if ("QExu0pPkNc".indexOf(next) >= 0) return "";
            } else if (c == '[') {
                i = classEnd(regex, i);
            } else if (c == '{') {
                i = regex.indexOf('}', i);
                if (i < 0) return "";
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '|') {
                if (depth == 0) return "";
            } else if (depth == 0 && ".^$*+?{}".indexOf(c) < 0) {
                literal = c;
            }
            if (literal != 0 && !quantified(regex, i + 1)) {
                run.append(literal);
                continue;
            }
            if (literal != 0 && regex.charAt(i + 1) == '+') run.append(literal);
            if (run.length() > longest.length()) longest = run.toString();
            run.setLength(0);
        }
        return run.length() > longest.length() ? run.toString() : longest;
    }

    /**
     * Whether {@code regex} holds {@code (?} then a letter or '-': {@code (?i)}, {@code (?-s)}, {@code (?iu:...)}, flags
     * that may make letters match others. A plain scan: the message catalogue asks it of 1,100 rows in a short command,
     * where the JVM still interprets a matcher.
     */
    private static boolean hasInlineFlags(String regex) {
        for (int at = regex.indexOf("(?"); at >= 0 && at + 2 < regex.length(); at = regex.indexOf("(?", at + 1)) {
            char c = regex.charAt(at + 2);
            if (c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
        }
        return false;
    }

    /** Whether the character before {@code at} is repeated or made optional by a quantifier at {@code at}. */
    private static boolean quantified(String regex, int at) {
        return at < regex.length() && "*+?{".indexOf(regex.charAt(at)) >= 0;
    }

    /** The index of the ']' closing the character class opened at {@code open}. */
    private static int classEnd(String regex, int open) {
        int i = open + 1;
        if (i < regex.length() && regex.charAt(i) == '^') i++;
        if (i < regex.length() && regex.charAt(i) == ']') i++;
        for (; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') i++;
            else if (c == ']') return i;
        }
        return regex.length();
    }
}

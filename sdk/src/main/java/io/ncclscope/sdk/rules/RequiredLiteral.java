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
        // Read from an array, and each character's role told by a switch: the message catalogue asks this of its 1,100
        // rows at every start, where the JVM still interprets this code, and a charAt or an indexOf is a call per
        // character there (through String.charAt, the same reading took four times as long).
        char[] r = regex.toCharArray();
        int n = r.length;
        if (hasInlineFlags(r)) return "";
        String longest = "";
        char[] run = new char[n];
        int runLength = 0;
        int depth = 0;
        for (int i = 0; i < n; i++) {
            char c = r[i];
            char literal = 0;
            if (c == '\\' && i + 1 < n) {
                char next = r[++i];
                if (depth == 0 && !Character.isLetterOrDigit(next)) literal = next;
                // quoting, and escapes whose characters follow (hex, Unicode, octal, properties, names, controls)
                if (followedByItsCharacters(next)) return "";
            } else if (c == '[') {
                i = classEnd(r, i);
            } else if (c == '{') {
                i = indexOf(r, '}', i);
                if (i < 0) return "";
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == '|') {
                if (depth == 0) return "";
            } else if (depth == 0 && !isMeta(c)) {
                literal = c;
            }
            if (literal != 0 && !quantified(r, i + 1)) {
                run[runLength++] = literal;
                continue;
            }
            if (literal != 0 && r[i + 1] == '+') run[runLength++] = literal;
            if (runLength > longest.length()) longest = new String(run, 0, runLength);
            runLength = 0;
        }
        return runLength > longest.length() ? new String(run, 0, runLength) : longest;
    }

    /** Whether an escape of {@code c} is followed by characters of its own: {@code \Q}, {@code \x41}, {@code \p{L}}... */
    private static boolean followedByItsCharacters(char c) {
        return switch (c) {
            case 'Q', 'E', 'x', 'u', '0', 'p', 'P', 'k', 'N', 'c' -> true;
            default -> false;
        };
    }

    /** Whether {@code c} outside an escape, a class, a group and a repetition is no literal character. */
    private static boolean isMeta(char c) {
        return switch (c) {
            case '.', '^', '$', '*', '+', '?', '{', '}' -> true;
            default -> false;
        };
    }

    /**
     * Whether {@code regex} holds {@code (?} then a letter or '-': {@code (?i)}, {@code (?-s)}, {@code (?iu:...)}, flags
     * that may make letters match others.
     */
    private static boolean hasInlineFlags(char[] regex) {
        for (int at = 0; at + 2 < regex.length; at++) {
            if (regex[at] != '(' || regex[at + 1] != '?') continue;
            char c = regex[at + 2];
            if (c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
        }
        return false;
    }

    /** Whether the character before {@code at} is repeated or made optional by a quantifier at {@code at}. */
    private static boolean quantified(char[] regex, int at) {
        if (at >= regex.length) return false;
        char c = regex[at];
        return c == '*' || c == '+' || c == '?' || c == '{';
    }

    /** The index of the first {@code c} at or after {@code from}; -1 when there is none. */
    private static int indexOf(char[] regex, char c, int from) {
        for (int i = from; i < regex.length; i++) if (regex[i] == c) return i;
        return -1;
    }

    /** The index of the ']' closing the character class opened at {@code open}. */
    private static int classEnd(char[] regex, int open) {
        int i = open + 1;
        if (i < regex.length && regex[i] == '^') i++;
        if (i < regex.length && regex[i] == ']') i++;
        for (; i < regex.length; i++) {
            char c = regex[i];
            if (c == '\\') i++;
            else if (c == ']') return i;
        }
        return regex.length;
    }
}

package io.ncclscope.parsers.nvsmi;

import io.ncclscope.parsers.internal.ToolValues;

/** Reading the values nvidia-smi prints: {@code N/A} and its kin as null, the leading number of {@code 345 MHz}. */
final class NvsmiValues {

    private NvsmiValues() {
    }

    /** True for values nvidia-smi prints when it has none. */
    static boolean isNa(String v) {
        if (v == null) return true;
        String s = v.strip();
        if (s.startsWith("[") && s.endsWith("]")) s = s.substring(1, s.length() - 1);
        return s.isEmpty() || s.equalsIgnoreCase("N/A") || s.equalsIgnoreCase("Not Supported")
                || s.equalsIgnoreCase("Unknown Error") || s.equalsIgnoreCase("Insufficient Permissions")
                || s.equalsIgnoreCase("Not Available") || s.equalsIgnoreCase("Requested functionality has been deprecated");
    }

    /** The value, or null when nvidia-smi printed N/A or the like. */
    static String text(String v) {
        return isNa(v) ? null : v.strip();
    }

    /** The leading number of {@code 345 MHz}, {@code 16x}, {@code 5}. */
    static Long leadingLong(String v) {
        if (isNa(v)) return null;
        String s = v.strip();
        int i = 0;
        while (i < s.length() && (Character.isDigit(s.charAt(i)) || (i == 0 && s.charAt(i) == '-'))) i++;
        return i == 0 ? null : ToolValues.longValue(s.substring(0, i));
    }

    static Integer leadingInt(String v) {
        Long l = leadingLong(v);
        return l == null || l > Integer.MAX_VALUE || l < Integer.MIN_VALUE ? null : (int) (long) l;
    }

    static int indentOf(String line) {
        int n = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == ' ') n++;
            else if (c == '\t') n += 4;
            else break;
        }
        return n;
    }
}

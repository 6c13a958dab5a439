package io.ncclscope.service.dto;

/** The report languages a request may ask for. */
public final class Languages {

    /**
     * Accepted values of {@code lang}: English or Simplified Chinese, in the spellings people type, in any case.
     * Anchored and without {@code (?i)}, so JSON Schema validators (ECMA-262 regular expressions, which search) read
     * it as Bean Validation (which matches whole) does.
     */
    public static final String PATTERN = "^(?:[Ee][Nn](?:[-_][Uu][Ss])?|[Zz][Hh](?:[-_](?:[Cc][Nn]|[Hh][Aa][Nn][Ss]))?)$";
    /** The message of a wrong {@code lang}. */
    public static final String MESSAGE = "must be en or zh-CN";

    private Languages() {
    }
}

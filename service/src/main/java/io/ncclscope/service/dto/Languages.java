package io.ncclscope.service.dto;

/** The report languages a request may ask for. */
public final class Languages {

    /** Accepted values of {@code lang}: English or Simplified Chinese, in the spellings people type. */
    public static final String PATTERN = "(?i)en|en[-_]US|zh|zh[-_]CN|zh[-_]Hans";
    /** The message of a wrong {@code lang}. */
    public static final String MESSAGE = "must be en or zh-CN";

    private Languages() {
    }
}

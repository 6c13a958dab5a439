package io.ncclscope.sdk;

/**
 * Where a rendered report is read, which decides how it points at the report's other forms: the command line's
 * {@code --format json}, or the service's {@code ?render=json}. A REST or chat answer never names a CLI flag.
 */
public enum Surface {
    /** The command line ({@code ncclscope analyze --format md}): other forms are named by {@code --format}. */
    CLI,
    /** The REST service and the chat answers it writes: other forms are named by the {@code ?render=} parameter. */
    REST;

    /**
     * {@return {@code key} for this surface: the key itself on the command line, {@code key + ".rest"} over REST}
     * Report texts that name another form have one message per surface.
     *
     * @param key a message key
     */
    public String key(String key) {
        return this == CLI ? key : key + ".rest";
    }
}

package io.ncclscope.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the few places that may call what the build's forbidden-API check refuses elsewhere ({@code .mvn/forbidden-apis.txt}):
 * the ends of the CLI's own process, which return its exit code to the shell. {@link #value()} says why.
 */
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.TYPE})
@interface SuppressForbidden {

    /** {@return why this place may do it} */
    String value();
}

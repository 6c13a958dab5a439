package io.ncclscope.service.api;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the resources and methods whose JSON body {@link BodyDecoding} decodes first (a byte order mark, the
 * {@code charset=} of {@code Content-Type}, invalid bytes as U+FFFD). Every class or method that takes a JSON body
 * carries it. A text body read as a String needs no mark: {@link TextBody} reads it by the same rule, without an
 * interceptor, whose context made the framework read the method's parameter annotations by reflection at every
 * request.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface DecodedBody {
}

package io.ncclscope.service.api;

import io.ncclscope.parsers.TextDecoding;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import org.jboss.resteasy.reactive.server.spi.ResteasyReactiveResourceInfo;
import org.jboss.resteasy.reactive.server.spi.ServerMessageBodyReader;
import org.jboss.resteasy.reactive.server.spi.ServerRequestContext;

/**
 * A {@code text/plain} body read as a String, decoded by {@link TextDecoding}'s one rule as the CLI and uploaded files
 * are ({@link BodyDecoding} says how): a byte order mark first, then the {@code charset=} of {@code Content-Type}, then
 * UTF-8, invalid bytes as U+FFFD. It replaces the framework's own String reader for text, so that a pasted text is
 * decoded once, from the body's bytes, with no interceptor around it.
 */
@Provider
@Consumes(MediaType.TEXT_PLAIN)
public class TextBody implements ServerMessageBodyReader<String> {

    @Override
    public boolean isReadable(Class<?> type, Type genericType, ResteasyReactiveResourceInfo lazyMethod, MediaType mediaType) {
        return type == String.class;
    }

    @Override
    public String readFrom(Class<String> type, Type genericType, MediaType mediaType, ServerRequestContext context)
            throws WebApplicationException, IOException {
        return read(context.getInputStream(), mediaType);
    }

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return type == String.class;
    }

    @Override
    public String readFrom(Class<String> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                           MultivaluedMap<String, String> httpHeaders, InputStream entityStream) throws IOException {
        return read(entityStream, mediaType);
    }

    private static String read(InputStream in, MediaType mediaType) throws IOException {
        return TextDecoding.decode(in.readAllBytes(), TextDecoding.declared(mediaType == null ? null : mediaType.toString()));
    }
}

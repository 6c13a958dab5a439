package io.ncclscope.service.api;

import io.ncclscope.parsers.TextDecoding;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Text and JSON bodies are decoded by {@link TextDecoding}'s one rule before a resource sees them, as the CLI and
 * uploaded files are: a byte order mark first (UTF-16 from PowerShell), then the {@code charset=} of
 * {@code Content-Type}, then UTF-8; invalid bytes become U+FFFD, which the parse reports as a warning, instead of a
 * 400 on one path and silence on another. The body is already bounded by {@link BodyLimit}.
 */
@Provider
public class BodyDecoding implements ReaderInterceptor {

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        MediaType type = context.getMediaType();
        if (type != null && isText(type)) {
            String text = TextDecoding.decode(context.getInputStream().readAllBytes(),
                    TextDecoding.declared(type.toString()));
            context.setInputStream(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
            Map<String, String> params = new HashMap<>(type.getParameters());
            params.put(MediaType.CHARSET_PARAMETER, StandardCharsets.UTF_8.name());
            MediaType utf8 = new MediaType(type.getType(), type.getSubtype(), params);
            context.setMediaType(utf8);
            context.getHeaders().putSingle("Content-Type", utf8.toString());
        }
        return context.proceed();
    }

    private static boolean isText(MediaType type) {
        String sub = type.getSubtype();
        return (type.getType().equals("text") && sub.equals("plain"))
                || (type.getType().equals("application") && (sub.equals("json") || sub.endsWith("+json")));
    }
}

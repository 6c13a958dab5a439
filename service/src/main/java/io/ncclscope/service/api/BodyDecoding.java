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
 * JSON bodies are decoded by {@link TextDecoding}'s one rule before a resource sees them, as the CLI, uploaded files
 * and text bodies ({@link TextBody}) are: a byte order mark first (UTF-16 from PowerShell), then the {@code charset=}
 * of {@code Content-Type}, then UTF-8; invalid bytes become U+FFFD, which the parse reports as a warning, instead of a
 * 400 on one path and silence on another. It runs for the resources and methods marked {@link DecodedBody}: an
 * interceptor makes the framework read the method's parameter annotations by reflection at each request, which a
 * pasted text does without. The body is already bounded by {@link BodyLimit}. A multipart part is decoded by the same
 * rule with its own {@code charset=} ({@link #partToUtf8}).
 */
@Provider
@DecodedBody
public class BodyDecoding implements ReaderInterceptor {

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        MediaType type = context.getMediaType();
        if (type != null && isJson(type)) {
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

    /**
     * Rewrites an uploaded part laid out as {@code file} in UTF-8 when the part declared another charset
     * ({@code Content-Type: text/plain; charset=ISO-8859-1} on the part), by the same rule as a text body: a byte order
     * mark first, then the declared charset; invalid bytes become U+FFFD, which the parse counts as a warning. Quoted
     * lines are read from the file later, so the file itself is rewritten, streamed, not held whole.
     *
     * @param file        an uploaded file as laid out (not an archive's folder)
     * @param contentType the part's own {@code Content-Type}, or null
     * @throws IOException when the file cannot be read or written
     */
    static void partToUtf8(java.nio.file.Path file, String contentType) throws IOException {
        java.nio.charset.Charset declared = TextDecoding.declared(contentType);
        if (declared == null || declared.equals(StandardCharsets.UTF_8) || !java.nio.file.Files.isRegularFile(file)) return;
        java.nio.file.Path utf8 = file.resolveSibling(file.getFileName() + ".utf8");
        try (java.io.Reader in = TextDecoding.reader(java.nio.file.Files.newInputStream(file), declared);
             java.io.Writer out = java.nio.file.Files.newBufferedWriter(utf8, StandardCharsets.UTF_8)) {
            in.transferTo(out);
        }
        java.nio.file.Files.move(utf8, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    private static boolean isJson(MediaType type) {
        String sub = type.getSubtype();
        return type.getType().equals("application") && (sub.equals("json") || sub.endsWith("+json"));
    }
}

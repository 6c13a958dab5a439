package io.ncclscope.service.render;

import io.ncclscope.service.problem.ProblemException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How a result is sent back over HTTP: the SDK's forms ({@link io.ncclscope.sdk.Format}) with their media types and
 * their negotiation. {@code ?render=slack|feishu} picks a chat message payload; otherwise the Accept
 * header picks JSON (the default, also for {@code *}{@code /*}), Markdown ({@code text/markdown}, for chats),
 * plain text ({@code text/plain}) or HTML ({@code text/html}, the report).
 */
public enum Format {
    /** {@code application/json}: the SDK's JSON, or a DTO. */
    JSON(MediaType.APPLICATION_JSON, io.ncclscope.sdk.Format.JSON),
    /** {@code text/markdown}: sized for a chat message. */
    MARKDOWN("text/markdown;charset=UTF-8", io.ncclscope.sdk.Format.MARKDOWN),
    /** {@code text/plain}: every finding in full. */
    TEXT("text/plain;charset=UTF-8", io.ncclscope.sdk.Format.TEXT),
    /** {@code text/html}: the report page. */
    HTML("text/html;charset=UTF-8", io.ncclscope.sdk.Format.HTML),
    /** Slack Block Kit message JSON ({@code chat.postMessage} / incoming webhook body). */
    SLACK(MediaType.APPLICATION_JSON, io.ncclscope.sdk.Format.SLACK),
    /** Feishu/Lark interactive card message JSON (custom bot webhook body). */
    FEISHU(MediaType.APPLICATION_JSON, io.ncclscope.sdk.Format.FEISHU);

    /** Media types the Accept header can name, in the order they are preferred on a tie. */
    public static final List<String> NEGOTIABLE = List.of(MediaType.APPLICATION_JSON, "text/markdown", MediaType.TEXT_PLAIN,
            MediaType.TEXT_HTML);

    /** The formats Accept can pick, in the order they are preferred on a tie (as {@link #NEGOTIABLE}). */
    private static final List<Format> BY_ACCEPT = List.of(JSON, MARKDOWN, TEXT, HTML);

    /** The media types of {@link #BY_ACCEPT}, parsed once on first use instead of on every request. */
    private static final class Parsed {
        static final MediaType[] TYPES = BY_ACCEPT.stream().map(f -> MediaType.valueOf(f.mediaType)).toArray(MediaType[]::new);
        /** An Accept header of exactly one of these words picks its format, as the full negotiation would. */
        static final java.util.Map<String, Format> EXACT = java.util.Map.of("*/*", JSON, MediaType.APPLICATION_JSON, JSON,
                "text/markdown", MARKDOWN, MediaType.TEXT_PLAIN, TEXT, MediaType.TEXT_HTML, HTML);
    }

    private final String mediaType;
    private final io.ncclscope.sdk.Format sdk;

    Format(String mediaType, io.ncclscope.sdk.Format sdk) {
        this.mediaType = mediaType;
        this.sdk = sdk;
    }

    /** {@return the SDK's form that writes a response in this format} */
    public io.ncclscope.sdk.Format sdk() {
        return sdk;
    }

    /** The Content-Type of a response in this format. */
    public String mediaType() {
        return mediaType;
    }

    /**
     * The format of a response: {@code render} first ({@code slack}, {@code feishu}, {@code json}, {@code md},
     * {@code text}, {@code html}), then Accept, among {@code offered}. Throws a 406 problem when Accept names
     * nothing offered.
     */
    public static Format choose(String render, HttpHeaders headers, Set<Format> offered) {
        if (render != null && !render.isBlank()) {
            Format f = switch (render.trim().toLowerCase(Locale.ROOT)) {
                case "slack" -> SLACK;
                case "feishu", "lark" -> FEISHU;
                case "json" -> JSON;
                case "md", "markdown" -> MARKDOWN;
                case "text" -> TEXT;
                case "html" -> HTML;
                default -> throw ProblemException.badRequest("render must be slack, feishu, json, md, text or html; got '"
                        + render + "'");
            };
            if (!offered.contains(f)) throw ProblemException.badRequest("render=" + render + " is not offered by this operation");
            return f;
        }
        // What clients send nearly always (none, */*, or one type as it is spelled here) needs no parsing; anything
        // else, or a format not offered, is negotiated in full below.
        String raw = headers.getHeaderString(HttpHeaders.ACCEPT);
        if (raw == null) return JSON;
        Format exact = Parsed.EXACT.get(raw);
        if (exact != null && offered.contains(exact)) return exact;
        List<MediaType> accept = headers.getAcceptableMediaTypes(); // sorted by q, then specificity
        if (accept.isEmpty()) return JSON;
        for (MediaType m : accept) {
            if (m.isWildcardType()) return JSON;
            for (int i = 0; i < BY_ACCEPT.size(); i++) {
                Format f = BY_ACCEPT.get(i);
                if (!offered.contains(f)) continue;
                if (m.isCompatible(Parsed.TYPES[i])) {
                    // text/* picks Markdown, the form meant for people.
                    return f;
                }
            }
            if (m.getType().equals("application") && m.getSubtype().endsWith("+json") && offered.contains(JSON)) return JSON;
        }
        throw new ProblemException(406, "not-acceptable", "cannot produce " + headers.getHeaderString(HttpHeaders.ACCEPT)
                + "; this operation gives " + offered.stream().filter(f -> f != SLACK && f != FEISHU)
                .map(f -> f.mediaType.replace(";charset=UTF-8", "")).distinct().toList()
                + (offered.contains(SLACK) ? " and ?render=slack|feishu" : ""));
    }
}

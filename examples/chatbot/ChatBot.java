import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A chat bot in one file, JDK only: a webhook receiver that forwards a pasted log to ncclscope and posts the
 * Markdown verdict back to the conversation.
 *
 * <p>Run it with {@code java ChatBot.java --port 9090 --ncclscope http://127.0.0.1:8080}. The chat platform (or
 * your own relay) POSTs the webhook to {@code /webhook} as JSON with the pasted message in {@code text} and where to
 * answer in {@code response_url} (the field names of Slack's slash commands and interactive messages; a Feishu/Lark
 * relay maps its event the same way). The bot answers the webhook at once (200, "analyzing...") and posts the verdict
 * to {@code response_url} as {@code {"text": MARKDOWN}} when ncclscope has answered. Text that is no tool output
 * gets ncclscope's own explanation back (the 422 problem's detail).
 *
 * <p>Only {@code text} and {@code response_url} are read, with a small JSON string reader below, so the file has
 * no dependency. A real bot should verify the platform's request signature before anything else.
 */
public final class ChatBot {

    private static final Pattern FIELD = Pattern.compile("\"(text|response_url)\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final URI analyze;

    ChatBot(String ncclscope) {
        this.analyze = URI.create(ncclscope.replaceAll("/+$", "") + "/v1/analyze?name=" + URLEncoder.encode("chat-paste", StandardCharsets.UTF_8));
    }

    public static void main(String[] args) throws IOException {
        int port = 9090;
        String ncclscope = "http://127.0.0.1:8080";
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(args[i + 1]);
                case "--ncclscope" -> ncclscope = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option " + args[i] + " (--port N, --ncclscope URL)");
            }
        }
        ChatBot bot = new ChatBot(ncclscope);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/webhook", bot::webhook);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
        System.out.println("chatbot: listening on http://127.0.0.1:" + server.getAddress().getPort() + "/webhook, ncclscope at " + ncclscope);
    }

    void webhook(HttpExchange ex) throws IOException {
        if (!"POST".equals(ex.getRequestMethod())) {
            reply(ex, 405, "POST the webhook JSON here");
            return;
        }
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String text = null;
        String responseUrl = null;
        Matcher m = FIELD.matcher(body);
        while (m.find()) {
            if (m.group(1).equals("text")) text = unescape(m.group(2));
            else responseUrl = unescape(m.group(2));
        }
        if (text == null || text.isBlank() || responseUrl == null) {
            reply(ex, 400, "need \"text\" (the pasted log) and \"response_url\"");
            return;
        }
        reply(ex, 200, "analyzing...");
        String log = text;
        String target = responseUrl;
        // Answer the platform at once (webhooks time out in seconds), post the verdict when it is ready.
        new Thread(() -> forward(log, target), "chatbot-forward").start();
    }

    void forward(String log, String responseUrl) {
        String markdown;
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(analyze).timeout(Duration.ofSeconds(60))
                    .header("Content-Type", "text/plain; charset=UTF-8").header("Accept", "text/markdown")
                    .POST(HttpRequest.BodyPublishers.ofString(log, StandardCharsets.UTF_8)).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            if (r.statusCode() == 200) {
                markdown = r.body();
            } else {
                Matcher d = Pattern.compile("\"detail\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(r.body());
                markdown = "ncclscope could not read that: " + (d.find() ? unescape(d.group(1)) : "HTTP " + r.statusCode());
            }
        } catch (IOException | InterruptedException e) {
            markdown = "ncclscope is not reachable: " + e.getMessage();
        }
        try {
            http.send(HttpRequest.newBuilder(URI.create(responseUrl)).timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/json; charset=UTF-8")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"text\":" + quote(markdown) + "}", StandardCharsets.UTF_8)).build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (IOException | InterruptedException e) {
            System.err.println("chatbot: could not post the answer: " + e.getMessage());
        }
    }

    private static void reply(HttpExchange ex, int status, String text) throws IOException {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "text/plain; charset=UTF-8");
        ex.sendResponseHeaders(status, b.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(b);
        }
    }

    static String unescape(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) {
                sb.append(c);
                continue;
            }
            char n = s.charAt(++i);
            switch (n) {
                case 'n' -> sb.append('\n');
                case 't' -> sb.append('\t');
                case 'r' -> sb.append('\r');
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'u' -> {
                    sb.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                default -> sb.append(n);
            }
        }
        return sb.toString();
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        return sb.append('"').toString();
    }
}

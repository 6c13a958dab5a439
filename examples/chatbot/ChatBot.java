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
 * verdict back to the conversation, rendered for the platform (Slack mrkdwn or a Feishu/Lark card: neither shows
 * CommonMark's {@code **bold**}).
 *
 * <p>Run it with {@code java ChatBot.java --port 9090 --ncclscope http://127.0.0.1:8080 --platform slack};
 * {@code java ChatBot.java --help} prints the options. The chat platform (or your own relay) POSTs the webhook to
 * {@code /webhook} as JSON with the pasted message in {@code text} and where to answer in {@code response_url} (the
 * field names of Slack's slash commands and interactive messages; a Feishu/Lark relay maps its event the same way).
 * The bot answers the webhook at once (200, "analyzing...") and posts the verdict to {@code response_url} when
 * ncclscope has answered: for Slack the Block Kit message of {@code ?render=slack}, for Feishu/Lark the interactive
 * card of {@code ?render=feishu}, both as ncclscope wrote them. Text that is no tool output gets ncclscope's own
 * explanation back (the 422 problem's detail) as a plain message.
 *
 * <p>Only {@code text} and {@code response_url} are read, with a small JSON string reader below, so the file has
 * no dependency. A real bot should verify the platform's request signature before anything else.
 */
public final class ChatBot {

    static final String USAGE = """
            Usage: java ChatBot.java [--port N] [--ncclscope URL] [--platform slack|feishu]
            A webhook receiver: POST {"text": PASTED_LOG, "response_url": URL} to http://127.0.0.1:N/webhook; the
            verdict of ncclscope is posted to response_url, rendered for the platform.
              --port N          where to listen, on 127.0.0.1 (default 9090)
              --ncclscope URL   the ncclscope service (default http://127.0.0.1:8080)
              --platform NAME   slack: a Block Kit message (default); feishu: a Feishu/Lark interactive card
              -h, --help        print this and exit
            """;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final URI analyze;
    private final String platform;

    ChatBot(String ncclscope, String platform) {
        this.platform = platform;
        this.analyze = URI.create(ncclscope.replaceAll("/+$", "") + "/v1/analyze/text?render=" + platform + "&name="
                + URLEncoder.encode("chat-paste", StandardCharsets.UTF_8));
    }

    public static void main(String[] args) throws IOException {
        int port = 9090;
        String ncclscope = "http://127.0.0.1:8080";
        String platform = "slack";
        for (int i = 0; i < args.length; i += 2) {
            if (args[i].equals("--help") || args[i].equals("-h")) {
                System.out.print(USAGE);
                return;
            }
            if (i + 1 == args.length) {
                System.err.print("chatbot: " + args[i] + " needs a value\n" + USAGE);
                System.exit(2);
            }
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(args[i + 1]);
                case "--ncclscope" -> ncclscope = args[i + 1];
                case "--platform" -> platform = args[i + 1];
                default -> {
                    System.err.print("chatbot: unknown option " + args[i] + "\n" + USAGE);
                    System.exit(2);
                }
            }
        }
        if (!platform.equals("slack") && !platform.equals("feishu")) {
            System.err.print("chatbot: --platform is slack or feishu, not " + platform + "\n" + USAGE);
            System.exit(2);
        }
        ChatBot bot = new ChatBot(ncclscope, platform);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/webhook", bot::webhook);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
        System.out.println("chatbot: listening on http://127.0.0.1:" + server.getAddress().getPort() + "/webhook, ncclscope at "
                + ncclscope + ", answers for " + platform);
    }

    void webhook(HttpExchange ex) throws IOException {
        try {
            handle(ex);
        } catch (RuntimeException | Error e) {
            // Answer even on a bug, so the platform is never left waiting.
            reply(ex, 500, "chatbot: " + e);
        }
    }

    void handle(HttpExchange ex) throws IOException {
        if (!"POST".equals(ex.getRequestMethod())) {
            reply(ex, 405, "POST the webhook JSON here");
            return;
        }
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String text = stringField(body, "text");
        String responseUrl = stringField(body, "response_url");
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
        String message;
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(analyze).timeout(Duration.ofSeconds(60))
                    .header("Content-Type", "text/plain; charset=UTF-8")
                    .POST(HttpRequest.BodyPublishers.ofString(log, StandardCharsets.UTF_8)).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            if (r.statusCode() == 200) {
                message = r.body(); // the platform's own message JSON, escaped for it by ncclscope
            } else {
                String detail = stringField(r.body(), "detail");
                message = plain("ncclscope could not read that: " + (detail != null ? detail : "HTTP " + r.statusCode()));
            }
        } catch (IOException | InterruptedException e) {
            message = plain("ncclscope is not reachable: " + e.getMessage());
        }
        try {
            http.send(HttpRequest.newBuilder(URI.create(responseUrl)).timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/json; charset=UTF-8")
                    .POST(HttpRequest.BodyPublishers.ofString(message, StandardCharsets.UTF_8)).build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (IOException | InterruptedException e) {
            System.err.println("chatbot: could not post the answer: " + e.getMessage());
        }
    }

    /**
     * A plain-text message for the platform: Slack's {@code {"text": ...}} (with {@code &}, {@code <} and {@code >}
     * escaped, so that an error text cannot ping or link), or Feishu's {@code {"msg_type": "text", ...}}.
     */
    String plain(String text) {
        if (platform.equals("feishu")) return "{\"msg_type\":\"text\",\"content\":{\"text\":" + quote(text) + "}}";
        return "{\"text\":" + quote(text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")) + "}";
    }

    private static void reply(HttpExchange ex, int status, String text) throws IOException {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "text/plain; charset=UTF-8");
        ex.sendResponseHeaders(status, b.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(b);
        }
    }

    /**
     * The string value of {@code "name": "..."} in a flat JSON object, unescaped; null when absent. A plain scan, not
     * a regular expression: a pasted log is long, and a regex over it can run out of stack.
     */
    static String stringField(String json, String name) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(name) + "\"\\s*:\\s*\"").matcher(json);
        if (!m.find()) return null;
        int i = m.end();
        StringBuilder raw = new StringBuilder();
        while (i < json.length()) {
            char c = json.charAt(i);
            if (c == '"') return unescape(raw.toString());
            if (c == '\\' && i + 1 < json.length()) {
                raw.append(c).append(json.charAt(i + 1));
                i += 2;
                continue;
            }
            raw.append(c);
            i++;
        }
        return null;
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

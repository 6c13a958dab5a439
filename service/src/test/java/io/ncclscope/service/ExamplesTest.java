package io.ncclscope.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The examples of {@code examples/} run against the service: the curl calls of every operation, and the chat bot
 * (a webhook in with a pasted log, the Markdown verdict posted back).
 */
@QuarkusTest
class ExamplesTest {

    @TestHTTPResource("/")
    URL base;

    static boolean has(String tool) throws Exception {
        return new ProcessBuilder("bash", "-c", "command -v " + tool).start().waitFor() == 0;
    }

    @Test
    void everyCurlExampleAnswersAsShown() throws Exception {
        assumeTrue(has("curl") && has("tar"), "curl and tar are needed");
        String url = base.toString().replaceAll("/$", "");
        Process p = new ProcessBuilder("bash", "../examples/rest/curl-examples.sh", url).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("== analyze-bundle: HTTP 200", "== localize: HTTP 200", "== workflow-next: HTTP 200",
                "every call answered as expected");
    }

    @Test
    void theChatBotsHelpPrintsUsageAndExits() throws Exception {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        Process bot = new ProcessBuilder(javaBin, "../examples/chatbot/ChatBot.java", "--help").redirectErrorStream(true).start();
        try {
            // Before: --help was read as an option with no value and the bot started listening.
            assertThat(bot.waitFor(3, TimeUnit.MINUTES)).as("the bot exits after --help").isTrue();
            String out = new String(bot.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(bot.exitValue()).as(out).isZero();
            assertThat(out).startsWith("Usage: java ChatBot.java").contains("--platform").doesNotContain("listening");
        } finally {
            bot.destroyForcibly();
        }
    }

    @Test
    void theChatBotPostsTheSlackVerdictBack() throws Exception {
        BlockingQueue<String> answers = new ArrayBlockingQueue<>(4);
        HttpServer chat = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        chat.createContext("/reply", ex -> {
            answers.add(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            ex.sendResponseHeaders(200, -1);
            ex.close();
        });
        chat.start();
        int botPort;
        try (ServerSocket s = new ServerSocket(0)) {
            botPort = s.getLocalPort();
        }
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        Process bot = new ProcessBuilder(javaBin, "../examples/chatbot/ChatBot.java", "--port", Integer.toString(botPort),
                "--ncclscope", base.toString()).redirectErrorStream(true).start();
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(bot.getInputStream(), StandardCharsets.UTF_8));
            // The JDK compiles the one-file program first: slow on a busy machine, but bounded.
            String first = CompletableFuture.supplyAsync(() -> {
                try {
                    return r.readLine();
                } catch (IOException e) {
                    return null;
                }
            }).get(3, TimeUnit.MINUTES);
            assertThat(first).as("the bot starts").startsWith("chatbot: listening");
            String log = Files.readString(Path.of("../examples/captured/h200-1gpu/nccl/duplicate-gpu.log"));
            String webhook = "{\"text\":" + quote(log) + ",\"response_url\":\"http://127.0.0.1:" + chat.getAddress().getPort() + "/reply\"}";
            HttpResponse<String> ack = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + botPort + "/webhook"))
                    .timeout(java.time.Duration.ofSeconds(60))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(webhook)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(ack.statusCode()).isEqualTo(200);
            String answer = answers.poll(60, TimeUnit.SECONDS);
            assertThat(answer).as("the bot posted an answer").isNotNull();
            // A Slack Block Kit message in mrkdwn (*bold*), not CommonMark's **bold**, which Slack shows literally.
            assertThat(answer).startsWith("{\"text\":\"ncclscope: PROBLEMS FOUND").contains("\"blocks\":[",
                    "NCCL_DUPLICATE_GPU", "chat-paste:40").doesNotContain("**");
        } finally {
            bot.destroy();
            bot.waitFor(10, TimeUnit.SECONDS);
            chat.stop(0);
        }
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        return sb.append('"').toString();
    }
}

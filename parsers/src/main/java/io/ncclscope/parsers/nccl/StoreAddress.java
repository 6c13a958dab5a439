package io.ncclscope.parsers.nccl;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The address of PyTorch's c10d store that a store message names (a {@link LauncherErrorKind#STORE_SETUP} line's
 * text): the one a client could not reach, or the one its server could not listen on
 * (torch/csrc/distributed/c10d/socket.cpp, TCPStore.cpp).
 *
 * @param host the host or address as printed ({@code trainer-0}, {@code 10.0.0.1}, {@code [::]})
 * @param port the port
 */
public record StoreAddress(String host, int port) {

    /**
     * socket.cpp's {@code (host, port)}; TCPStore.cpp's {@code to host node0:29500 -}; one address's error, {@code
     * connect to 10.0.0.1:29500 (errno: ...}, {@code bind to [::]:29500 (errno: ...}, {@code listen on ...}.
     */
    private static final Pattern STORE_ADDRESS = Pattern.compile(
            "\\(([^,()\\s]+), (\\d{1,5})\\)|to host (\\S+):(\\d{1,5}) -|(?:to|on) (\\[[^\\]]*\\]|\\S+):(\\d{1,5}) \\(errno");

    /**
     * {@return the store's address a message names; null when it names none}
     *
     * @param message a c10d store message, after the launcher's prefix; null allowed
     */
    public static StoreAddress in(String message) {
        Matcher m = STORE_ADDRESS.matcher(message == null ? "" : message);
        if (!m.find()) return null;
        // Each layout of STORE_ADDRESS has its host and port as a pair of groups: 1-2, 3-4 or 5-6.
        int host = m.group(1) != null ? 1 : m.group(3) != null ? 3 : 5;
        return new StoreAddress(m.group(host), ToolValues.integer(m.group(host + 1)));
    }
}

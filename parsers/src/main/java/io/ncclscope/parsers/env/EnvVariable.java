package io.ncclscope.parsers.env;

import java.util.Objects;

/**
 * One variable of an environment listing.
 *
 * @param name  the variable, {@code NCCL_SOCKET_IFNAME}
 * @param value its value as listed, without the quotes of {@code export -p}; may be empty, or {@code <redacted>}
 *              where the collector hid a secret
 * @param line  1-based source line
 */
public record EnvVariable(String name, String value, int line) {

    /**
     * Checks the name and value are present.
     *
     * @param name  the variable
     * @param value its value
     * @param line  1-based source line
     */
    public EnvVariable {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }
}

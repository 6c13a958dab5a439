package io.ncclscope.parsers.net;

/**
 * An address configured on an interface.
 *
 * @param family       {@code "inet"} (IPv4) or {@code "inet6"} (IPv6), ip's words
 * @param address      the address without its prefix, e.g. {@code 10.187.10.11}
 * @param prefixLength prefix length, e.g. 24 (from {@code /24}, {@code netmask 255.255.255.0} or {@code prefixlen 64}; nullable)
 * @param scope        {@code global}, {@code link}, {@code host} (nullable)
 * @param line         1-based source line
 */
public record NetAddress(String family, String address, Integer prefixLength, String scope, int line) {
}

package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.sdk.diagnose.internal.VirtualInterfaces;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Addresses and interface names as NCCL prints them ({@code eth0:10.0.0.1}, {@code veth25f2e72:fe80::...%veth25f2e72}):
 * what is loopback, link-local, a container or virtual device, a management port, and which subnet an address is in.
 */
final class InterfaceNames {

    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    /** Management and BMC ports. */
    private static final Pattern MGMT = Pattern.compile(".*(mgmt|mgnt|manage|ipmi|bmc|idrac).*");

    private InterfaceNames() {
    }

    /** The address without a {@code %scope} suffix or brackets. */
    static String bare(String address) {
        if (address == null) return null;
        String a = address.strip();
        if (a.startsWith("[") && a.endsWith("]")) a = a.substring(1, a.length() - 1);
        int p = a.indexOf('%');
        return p >= 0 ? a.substring(0, p) : a;
    }

    /** The {@code %scope} of an IPv6 address ({@code ib1} of {@code fe80::1%ib1}); null when none. */
    static String scope(String address) {
        if (address == null) return null;
        int p = address.indexOf('%');
        return p >= 0 && p + 1 < address.length() ? address.substring(p + 1) : null;
    }

    static boolean isLoopbackName(String name) {
        return name != null && (name.equals("lo") || name.startsWith("lo:"));
    }

    static boolean loopback(String address) {
        String a = bare(address);
        return a != null && (a.startsWith("127.") || a.equals("::1"));
    }

    /** 169.254.0.0/16 or fe80::/10: not routed, usable only on one link. */
    static boolean linkLocal(String address) {
        String a = bare(address);
        if (a == null) return false;
        if (a.startsWith("169.254.")) return true;
        String l = a.toLowerCase(Locale.ROOT);
        return l.length() >= 4 && l.startsWith("fe") && "89ab".indexOf(l.charAt(2)) >= 0 && l.indexOf(':') > 0;
    }

    /** A global (routable or private-routable) address: neither loopback nor link-local nor unspecified. */
    static boolean routable(String address) {
        String a = bare(address);
        return a != null && !a.isEmpty() && !loopback(a) && !linkLocal(a) && !a.equals("0.0.0.0") && !a.equals("::");
    }

    /** Docker's default bridge network, 172.17.0.0/16: a container-private NAT address (corpus nccl-929-1.txt). */
    static boolean dockerDefaultBridge(String address) {
        int[] v = v4(address);
        return v != null && v[0] == 172 && v[1] == 17;
    }

    /** A container bridge, veth, tunnel or other virtual device ({@link VirtualInterfaces}). */
    static boolean virtualName(String name) {
        return VirtualInterfaces.virtualName(name);
    }

    static boolean mgmtName(String name) {
        return name != null && MGMT.matcher(name.toLowerCase(Locale.ROOT)).matches();
    }

    static boolean bondName(String name) {
        return name != null && name.toLowerCase(Locale.ROOT).startsWith("bond");
    }

    /** The four octets of an IPv4 address; null otherwise. */
    static int[] v4(String address) {
        String a = bare(address);
        Matcher m = a == null ? null : IPV4.matcher(a);
        if (m == null || !m.matches()) return null;
        int[] out = new int[4];
        for (int i = 0; i < 4; i++) {
            out[i] = Integer.parseInt(m.group(i + 1));
            if (out[i] > 255) return null;
        }
        return out;
    }

    /** The IPv4 network {@code 10.0.1.0/24} of an address and prefix; null when not IPv4 or no prefix. */
    static String subnet(String address, Integer prefix) {
        int[] v = v4(address);
        if (v == null || prefix == null || prefix < 0 || prefix > 32) return null;
        long ip = ((long) v[0] << 24) | (v[1] << 16) | (v[2] << 8) | v[3];
        long mask = prefix == 0 ? 0 : (0xFFFFFFFFL << (32 - prefix)) & 0xFFFFFFFFL;
        long n = ip & mask;
        return ((n >> 24) & 255) + "." + ((n >> 16) & 255) + "." + ((n >> 8) & 255) + "." + (n & 255) + "/" + prefix;
    }

    /** Whether NCCL_SOCKET_IFNAME is an exclusion list ({@code ^eth,docker}). */
    static boolean exclusion(String spec) {
        return spec != null && spec.strip().startsWith("^");
    }
}

package io.ncclscope.parsers.nccl;

/**
 * An IP interface NCCL chose, from {@code Bootstrap : Using [0]eno1:172.18.40.41<0>}, {@code Bootstrap: Using eth0:10.0.0.1<0>},
 * {@code NET/Socket : Using [0]eth0:10.0.0.1<0>}, {@code NET/IB : Using ... ; OOB eth0:10.0.0.1<0>}, 2.2/2.3
 * {@code NET : Using interface enp3s0:192.168.144.103<0>} and {@code NET/IB : Using interface enp3s0 for sideband communication}.
 * Each distinct host, kind, name and address once.
 *
 * @param kind    what NCCL uses it for
 * @param name    interface name ({@code eth0}, {@code ib1}, {@code veth25f2e72})
 * @param address the address as printed ({@code 10.0.0.1}, {@code fe80::380d:bfff:fe5b:54d2%veth25f2e72}); nullable
 * @param port    the port in {@code <0>}; nullable
 * @param index   the position in a {@code [0]eth0 [1]ib0} list; nullable
 * @param host    host of the line prefix; nullable
 * @param line    1-based line of the first occurrence
 */
public record NcclInterface(InterfaceKind kind, String name, String address, Integer port, Integer index, String host, int line)
        implements NcclLineFact {

    /**
     * {@return the interface's line without its port, {@code NCCL INFO Bootstrap : Using eth0:10.0.0.1},
     * {@code NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1}, {@code NCCL INFO NET/IB : Using ... ; OOB eth0:10.0.0.1}}
     */
    @Override
    public String asPrinted() {
        String at = address == null ? "" : ":" + address;
        return switch (kind) {
            case BOOTSTRAP -> "NCCL INFO Bootstrap : Using " + name + at;
            case SOCKET -> "NCCL INFO NET/Socket : Using " + (index == null ? "" : "[" + index + "]") + name + at;
            case OOB -> "NCCL INFO NET/IB : Using ... ; OOB " + name + at;
            case UNKNOWN -> "NCCL INFO " + name + at;
        };
    }
}

package io.ncclscope.parsers.nccl;

import java.util.Locale;

/** What NCCL uses an IP interface for; {@link #toString()} gives the lower-case word used in JSON. */
public enum InterfaceKind {
    /** {@code Bootstrap : Using eth0:10.0.0.1<0>}: rendezvous and out-of-band exchange. */
    BOOTSTRAP("Bootstrap"),
    /** {@code NET/Socket : Using [0]eth0:...} (and 2.2/2.3 {@code NET : Using interface}): the TCP data transport. */
    SOCKET("NET/Socket"),
    /** {@code NET/IB : Using ... ; OOB eth0:...}: the IB transport's out-of-band (sideband) interface. */
    OOB("OOB"),
    /** Not known. */
    UNKNOWN("?");

    private final String word;

    InterfaceKind(String word) {
        this.word = word;
    }

    /** {@return the word NCCL's line names the use by: {@code Bootstrap}, {@code NET/Socket}, {@code OOB}} */
    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}

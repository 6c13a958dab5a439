package io.ncclscope.sdk.report;

import io.ncclscope.parsers.Kind;
import io.ncclscope.sdk.rules.Segment;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The families of checks a report's {@link Coverage} accounts for: each with the kinds of input that let it run
 * (for the three bandwidth segments, the kinds that measure them; whether a segment was judged comes from its
 * {@link io.ncclscope.sdk.bandwidth.SegmentVerdict}). A new kind of input joins the coverage by being named in the
 * families it feeds; its words need nothing more. The {@link #id()} strings are a public contract (the report's
 * JSON): add freely, never rename or remove.
 */
public enum CheckFamily {
    /** NCCL, PyTorch and nccl-tests errors: the first failing rank and what it printed. */
    ERRORS("errors", null, EnumSet.of(Kind.NCCL_LOG, Kind.NCCL_TESTS)),
    /**
     * The transport NCCL chose (IB, RoCE, socket fallback, GPUDirect RDMA, P2P) and the interfaces it used: from an NCCL
     * log, or from an nccl-tests output run with {@code NCCL_DEBUG=INFO}, whose NCCL lines the check reads ({@link
     * Coverage}).
     */
    TRANSPORT("transport", null, EnumSet.of(Kind.NCCL_LOG, Kind.NCCL_TESTS)),
    /** GPU to NIC placement: PCIe paths, NUMA nodes. */
    AFFINITY("affinity", null, EnumSet.of(Kind.TOPO, Kind.NCCL_TOPO_XML, Kind.LSPCI_TREE)),
    /** Link health: PCIe width and speed, NVLink, InfiniBand ports, Ethernet links and counters, kernel events. */
    LINKS("links", null, EnumSet.of(Kind.LSPCI_VERBOSE, Kind.NVIDIA_SMI_Q, Kind.IBSTAT, Kind.ETHTOOL, Kind.IPLINK,
            Kind.GIDS, Kind.DMESG)),
    /** Bandwidth segment 1: GPU to GPU inside a node. */
    INTRA_NODE("intra-node", Segment.INTRA_NODE, EnumSet.of(Kind.NVBANDWIDTH, Kind.NCCL_TESTS)),
    /** Bandwidth segment 2: NIC to NIC between nodes. */
    INTER_NODE("inter-node", Segment.INTER_NODE, EnumSet.of(Kind.PERFTEST, Kind.NCCL_TESTS)),
    /** Bandwidth segment 3: the end-to-end NCCL collective across nodes. */
    END_TO_END("end-to-end", Segment.END_TO_END, EnumSet.of(Kind.NCCL_TESTS)),
    /**
     * Hangs: watchdog timeouts and collectives that never finished, from the job's logs, from Flight Recorder dumps
     * that record progress (a backend that marks entries started or completed), and from NCCL's RAS status when a hang
     * finding rests on it. A RAS status that finds nothing does not count: it compares the collectives each rank
     * launched, not whether they completed, and it read RUNNING and OK while examples/hangs/captured-2.11/nccl-stuck
     * hung ({@link Coverage}).
     */
    HANGS("hangs", null, EnumSet.of(Kind.NCCL_LOG, Kind.FLIGHT_RECORDER, Kind.NCCL_RAS));

    private final String id;
    private final Segment segment;
    private final Set<Kind> kinds;
    /**
     * The label and the needed input, English [0] then Chinese [1], each rendered when first asked for: the same for
     * every report. Strings are immutable, so a race only renders one twice.
     */
    private final String[] labels = new String[2];
    private final String[] needs = new String[2];

    CheckFamily(String id, Segment segment, Set<Kind> kinds) {
        this.id = id;
        this.segment = segment;
        this.kinds = kinds;
    }

    /** {@return the stable identifier, for example {@code "affinity"}} */
    public String id() {
        return id;
    }

    /** {@return the bandwidth segment the family measures; null for the families that are not a segment} */
    public Segment segment() {
        return segment;
    }

    /** {@return the kinds of input that feed the family's checks} */
    public Set<Kind> kinds() {
        return java.util.Collections.unmodifiableSet(kinds);
    }

    /**
     * {@return the family's name in {@code locale} (GPU↔NIC affinity; GPU↔NIC 亲和性)}
     *
     * @param locale Simplified Chinese for any Chinese locale, English for every other one
     */
    public String label(Locale locale) {
        int language = language(locale);
        String text = labels[language];
        if (text == null) labels[language] = text = Texts.t(locale, "coverage." + id);
        return text;
    }

    /**
     * {@return the input that would let the family's checks run, in {@code locale} (an NCCL_DEBUG=INFO log of the
     * job; nvidia-smi topo -m)}
     *
     * @param locale Simplified Chinese for any Chinese locale, English for every other one
     */
    public String needs(Locale locale) {
        int language = language(locale);
        String text = needs[language];
        if (text == null) needs[language] = text = Texts.t(locale, "coverage.needs." + id);
        return text;
    }

    /** {@return 1 for Chinese, 0 for English: the language {@link io.ncclscope.sdk.diagnose.Message} renders in} */
    private static int language(Locale locale) {
        return locale != null && "zh".equals(locale.getLanguage()) ? 1 : 0;
    }

    @Override
    public String toString() {
        return id;
    }
}

/**
 * Typed, exact parsers for the tool outputs engineers paste when NCCL is slow or fails: {@code nvidia-smi topo -m},
 * {@code lspci}, {@code ibstat}, {@code ethtool}, {@code numactl}, {@code nvidia-smi -q}, NCCL_DEBUG logs, nccl-tests
 * tables, perftest, nvbandwidth, {@code dmesg}, {@code ip link}, {@code show_gids}, NCCL's topology XML, PyTorch Flight Recorder
 * dumps, NCCL's RAS client reports, environment listings, {@code /sys} values and the {@code ncclscope collect} manifest.
 *
 * <p>Start at {@link io.ncclscope.parsers.Parsers}: {@code Parsers.parse(text)} detects the kind and returns a
 * {@link io.ncclscope.parsers.ParseResult} of typed records, each fact with the line it came from, and odd lines as
 * {@link io.ncclscope.parsers.ParseWarning}s. The module reads the JDK's {@code java.base} only and has no other
 * dependency; it works the same on the class path. Helpers live in {@code io.ncclscope.parsers.internal}, which is
 * not exported.
 */
module io.ncclscope.parsers {
    exports io.ncclscope.parsers;
    exports io.ncclscope.parsers.dmesg;
    exports io.ncclscope.parsers.env;
    exports io.ncclscope.parsers.ethtool;
    exports io.ncclscope.parsers.flightrec;
    exports io.ncclscope.parsers.gids;
    exports io.ncclscope.parsers.ib;
    exports io.ncclscope.parsers.json;
    exports io.ncclscope.parsers.manifest;
    exports io.ncclscope.parsers.nccl;
    exports io.ncclscope.parsers.net;
    exports io.ncclscope.parsers.numa;
    exports io.ncclscope.parsers.nvbandwidth;
    exports io.ncclscope.parsers.nvsmi;
    exports io.ncclscope.parsers.pci;
    exports io.ncclscope.parsers.sysfs;
    exports io.ncclscope.parsers.perftest;
    exports io.ncclscope.parsers.ras;
    exports io.ncclscope.parsers.tests;
    exports io.ncclscope.parsers.topo;
    exports io.ncclscope.parsers.topoxml;
}

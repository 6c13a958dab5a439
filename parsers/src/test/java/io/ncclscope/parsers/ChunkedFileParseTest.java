package io.ncclscope.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A file read in line-aligned chunks on several threads ({@link ChunkedFileParse}) parses exactly as the same bytes
 * read as one stream: every corpus NCCL log and our captures at chunk sizes that put a cut at every byte, and
 * generated logs with every awkward thing at a cut (CRLF and lone CR ends, escape sequences, invalid and multi-byte
 * UTF-8, over-long lines, a last line without an end, a byte order mark, a line too long for a chunk).
 */
class ChunkedFileParseTest {

    @TempDir
    Path dir;

    static Stream<Path> logs() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Corpus.Entry e : Corpus.allEntries()) {
            if (e.kind().equals(Kind.NCCL_LOG.id()) && Files.isRegularFile(e.path())) out.add(e.path());
        }
        try (Stream<Path> s = Files.list(Path.of("../examples/captured/h200-1gpu/nccl"))) {
            s.filter(p -> p.toString().endsWith(".log")).sorted().forEach(out::add);
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("logs")
    void everyNcclLogParsesInChunksAsInOneStream(Path log) throws IOException {
        ParseResult<?> stream = streamed(log, ParseLimits.DEFAULTS);
        for (int chunk : new int[] {1, 7, 4096}) {
            assertThat(chunked(log, ParseLimits.DEFAULTS, chunk, 1 << 20).toString()).as("%s in chunks of %d", log, chunk)
                    .isEqualTo(stream.toString());
        }
    }

    @Test
    void awkwardLinesAtEveryCutParseAsInOneStream() throws IOException {
        ParseLimits tight = ParseLimits.builder().maxLineLength(80).maxWarnings(8).build();
        for (byte[] text : awkwardTexts()) {
            Path f = Files.write(dir.resolve("awkward.log"), text);
            for (ParseLimits limits : List.of(ParseLimits.DEFAULTS, tight)) {
                ParseResult<?> stream = streamed(f, limits);
                assertThat(stream.kind()).isEqualTo(Kind.NCCL_LOG);
                for (int chunk = 1; chunk <= 48; chunk++) {
                    assertThat(chunked(f, limits, chunk, 1 << 20).toString()).as("chunks of %d", chunk)
                            .isEqualTo(stream.toString());
                }
            }
        }
    }

    /**
     * The chunk threads tell the scanner which lines start with the INFO prefix of the line before and learn the others'
     * character pairs: lines that look alike to them but not to the scanner (prefixes whose only difference is beyond
     * Latin-1, prefixes the scanner does not remember, an INFO marker after another level) parse as in one stream.
     */
    @Test
    void linesThatStartAlikeAtEveryCutParseAsInOneStream() throws IOException {
        String[] starts = {"节点-a:10:10 [0] NCCL INFO ", "节灯-a:10:10 [0] NCCL INFO ", "vm-n0:550:550 [0] NCCL WARN NCCL INFO ",
            "[2024-05-11 14:10:52] vm-n0:550:550 [0] NCCL INFO ", "NCCL NCCL NCCL NCCL NCCL NCCL vm:1:1 [0] NCCL INFO ",
            "vm-n0:550:550 [0] NCCL INFO ", "vm-n0:550:551 [1] NCCL INFO ", "vm-n0:550:550 [0] NCCL INFO NCCL INFO "};
        String[] messages = {"cudaDriverVersion 12040", "NCCL_SOCKET_IFNAME set by environment to eth0",
            "Channel 00/0 : 0[0] -> 1[1] via P2P/IPC", "comm 0x55d0 rank 0 nranks 2 cudaDev 0 busId 1000 - Init COMPLETE",
            "NET/IB : No device found.", "", "Using network Socket"};
        StringBuilder sb = new StringBuilder(new String(ncclLines(), StandardCharsets.UTF_8));
        for (int i = 0; i < 3 * starts.length; i++) {
            String start = starts[i % starts.length];
            for (int j = 0; j <= i % 3; j++) sb.append(start).append(messages[(i + j) % messages.length]).append('\n');
            // the next start right after: a line that begins alike in bytes, then a fact that names its process
            sb.append(starts[(i + 1) % starts.length]).append("comm 0x55d" + i + " rank " + i % 4 + " nranks 4 cudaDev 0")
                    .append(" busId 1000 - Init COMPLETE\n");
            if (i % 5 == 0) sb.append("  File \"/tmp/ddp.py\", line 6, in <module>\n");
        }
        Path f = Files.write(dir.resolve("alike.log"), sb.toString().getBytes(StandardCharsets.UTF_8));
        ParseResult<?> stream = streamed(f, ParseLimits.DEFAULTS);
        assertThat(stream.kind()).isEqualTo(Kind.NCCL_LOG);
        for (int chunk = 1; chunk <= 160; chunk++) {
            assertThat(chunked(f, ParseLimits.DEFAULTS, chunk, 1 << 20).toString()).as("chunks of %d", chunk)
                    .isEqualTo(stream.toString());
        }
    }

    /**
     * The chunk threads tell the scanner of runs of INFO lines it only counts (ring listings once the ring list is full,
     * graph lines, messages no reader takes): runs that start before the list is full, a wider channel count only after
     * it, transports and return codes between them, lines cut in a run, a prefix beyond Latin-1, a count too big for an
     * int, a launcher line, another process's lines, all parse as in one stream.
     */
    @Test
    void runsOfCountedLinesAtEveryCutParseAsInOneStream() throws IOException {
        String[] starts = {"vm-n0:550:550 [0] NCCL INFO ", "vm-n1:551:551 [1] NCCL INFO ", "节点-a:10:10 [0] NCCL INFO "};
        String[] messages = {"Ring 00 : 0 -> 1 -> 0", "Tree 3 : -1 -> 0 -> -1/-1/-1", "Connected all rings", " 6 : GPU/0-60",
            "24 coll channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer", "", "+ PCI[5000.0] - NIC/0-0",
            "Channel 00/0 : 0[0] -> 1[1] via P2P/IPC", "group.cc:76 -> 3", "Channel 7 :", "Channel 9/ : 4 5",
            "Channel 12/4294967297 : 0 1", "Init timings - ncclCommInitRankConfig: rank 0 nranks 2 total 0.26 " + "x".repeat(60),
            "Channel 01/02 : 0 1 ->", "Channel x/2 : 0", "Could not open XML topology file /tmp/x.xml",
            "[Proxy Service] Device 0 CPU core 7", "[Service thread] Connection closed by localRank 1",
            "[Rank 0] comm 0x5a rank 0 nranks 2 cudaDev 0 busId 1000 - Init COMPLETE", "ncclTopoGetCpuAffinity: empty",
            "init.cc:1350 -> 2", "misc/socket.cc:504 -> 2 (Operation now in progress)", "x ->", "cudaDriverVersion 12040",
            "ncclMaxSharedMem 1 exceeds device/fn maxSharedMem 2", "rank 1 nranks 2 cudaDev 0 busId 1000", "allocated ->"};
        StringBuilder sb = new StringBuilder(new String(ncclLines(), StandardCharsets.UTF_8));
        for (int i = 0; i < 90; i++) {
            String start = starts[i % 7 == 0 ? 2 : i % 3 == 0 ? 1 : 0];
            for (int j = 0; j < 1 + i % 4; j++) {
                int channels = i < 80 ? 64 : 96 + i + j; // wider in the middle of a run, once the ring list is full
                sb.append(start).append(String.format(java.util.Locale.ROOT, "Channel %02d/%d :    %d   %d", i, channels, j, i))
                        .append('\n');
                sb.append(start).append(messages[(i + j) % messages.length]).append('\n');
            }
            if (i % 11 == 0) sb.append("[rank0]: some launcher line ").append(i).append('\n');
        }
        Path f = Files.write(dir.resolve("runs.log"), sb.toString().getBytes(StandardCharsets.UTF_8));
        ParseLimits tight = ParseLimits.builder().maxLineLength(80).maxWarnings(64).build();
        for (ParseLimits limits : List.of(ParseLimits.DEFAULTS, tight)) {
            ParseResult<?> stream = streamed(f, limits);
            assertThat(stream.kind()).isEqualTo(Kind.NCCL_LOG);
            assertThat(stream.toString()).contains("channels=186").contains("more than 64 ring listings");
            for (int chunk : new int[] {1, 2, 3, 5, 8, 13, 40, 64, 100, 150, 256, 700, 1024, 4096, 1 << 16}) {
                assertThat(chunked(f, limits, chunk, 1 << 20).toString()).as("chunks of %d", chunk)
                        .isEqualTo(stream.toString());
            }
        }
    }

    /**
     * The chunk threads tell the scanner of lines it counts when it keeps their fact already (seen fact lines, events,
     * return codes, transports, trees, the CUDA driver and channel counts once known): each kind first met and then
     * again, from three processes (one beyond Latin-1), between ring listings past the cap, with a fact new in the middle
     * of a run, the trees list filled, lines cut in a run, all parse as in one stream at every cut.
     */
    @Test
    void runsOfLinesToLookUpAtEveryCutParseAsInOneStream() throws IOException {
        String[] starts = {"vm-n0:550:550 [0] NCCL INFO ", "vm-n1:551:551 [1] NCCL INFO ", "节点-a:10:10 [0] NCCL INFO "};
        String[] messages = {"Bootstrap : Using eth0:10.0.0.1<0>", "Using network IB", "Using internal Network Socket",
            "NCCL_SOCKET_IFNAME set by environment to eth0", "NCCL version 2.21.5+cuda12.4", "NET/IB : No device found.",
            "NET/IB : Using [0]mlx5_0:1/IB ; OOB eth0:10.0.0.1<0>", "NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'",
            "NET/IB : GPU Direct RDMA Enabled for HCA 1 'mlx5_1'", "NET/Socket : Using [0]eth0:10.0.0.1<0>",
            "NET : Using interface eth0:10.0.0.1<0>", "NET/Plugin: Could not find: libnccl-net.so", "NET/OFI Using aws-ofi-nccl 1.7.4",
            "comm 0x1 rank 0 nranks 2 cudaDev 0 busId 1000 - Init START", "ncclCommInitRank comm 0x2 rank 1 nranks 2 cudaDev 1",
            "[Rank 1] comm 0x3 rank 1 nranks 2 cudaDev 1 busId 2000 - Init COMPLETE", "rank 0 nranks 4", "rank 0 of 4",
            "cudaDriverVersion 12040", "24 coll channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer",
            "Trees [0] 1/-1/-1->0->-1 [1] -1/-1/-1->0->1", "Channel 00/0 : 0[0] -> 1[1] via P2P/IPC",
            "Channel 01/0 : 1[1] -> 0[0] via NET/IB/0", "Ring 00/0 : 0[0] -> 1[1] via SHM/direct/direct",
            "Call to connect returned Connection refused, retrying", "Could not open XML topology file /tmp/x.xml",
            "socketPollConnect: connect returned Connection timed out, retrying (1/34) after sleep for 100 msec",
            "ncclOsSocketStartConnect: connect to 10.0.0.2<4711> returned Connection refused, retrying (2/34) after sleep for 200 msec",
            "Failed to initialize NET plugin IB", "[Service thread] Connection closed by localRank 1", "init.cc:1350 -> 2",
            "group.cc:76 -> 3 [Async thread]", "proxy.cc:1 -> x", "ab:1 -> 2", "a:1 ->", "comm.cc:1 -> 2", "Plugin Path : /usr/lib/x.so",
            "P2P plugin IBext_v8", "PROFILER/Plugin: Could not find", "ncclMaxSharedMem 1 exceeds device/fn maxSharedMem 2",
            "Channel 02/0 : 1[1] -> 0[0] via P2P/IPC ü", "NCCL version 2.21 节", "NCCL_P2P_LEVEL set by environment to NVL 节"};
        StringBuilder sb = new StringBuilder(new String(ncclLines(), StandardCharsets.UTF_8));
        for (int i = 0; i < 160; i++) {
            String start = starts[i % 7 == 0 ? 2 : i % 3 == 0 ? 1 : 0];
            for (int j = 0; j < 1 + i % 5; j++) {
                if ((i + j) % 3 == 0 || i == 122) {
                    sb.append(start).append(String.format(java.util.Locale.ROOT, "Channel %02d/%d :    %d   %d", i,
                            i == 122 && j == 1 ? 500 : 64 + i / 40, j, i)).append('\n');
                }
                // the widest channel count in a run folded up to a line whose fact is new
                if (i == 122 && j == 1) sb.append(start).append("NCCL_NEW_VARIABLE set by environment to 1\n");
                String message = messages[(i * 3 + j) % messages.length];
                // a new fact now and then (an event, a seen line or a transport not kept yet), and more trees than kept
                if (i % 13 == 5) message += " " + i;
                if (message.startsWith("Trees ")) message += " " + i;
                sb.append(start).append(message).append('\n');
            }
            if (i % 17 == 0) sb.append("[rank0]: some launcher line ").append(i).append('\n');
        }
        Path f = Files.write(dir.resolve("keyed.log"), sb.toString().getBytes(StandardCharsets.UTF_8));
        ParseLimits tight = ParseLimits.builder().maxLineLength(80).maxWarnings(64).build();
        for (ParseLimits limits : List.of(ParseLimits.DEFAULTS, tight)) {
            ParseResult<?> stream = streamed(f, limits);
            assertThat(stream.kind()).isEqualTo(Kind.NCCL_LOG);
            assertThat(stream.toString()).contains("more than 64 ring listings").contains("count=").contains("channels=500");
            for (int chunk : new int[] {1, 2, 3, 5, 8, 13, 40, 64, 100, 150, 256, 700, 1024, 4096, 1 << 16}) {
                assertThat(chunked(f, limits, chunk, 1 << 20).toString()).as("chunks of %d", chunk)
                        .isEqualTo(stream.toString());
            }
        }
    }

    /**
     * Past the events' cap, a return code or INFO event not kept is counted as dropped without being read: runs of them
     * before and after the cap is announced, between kept ones, parse as in one stream at cuts all over.
     */
    @Test
    void eventsPastTheirCapParseAsInOneStream() throws IOException {
        String p = "vm-n0:550:550 [0] NCCL INFO ";
        // events of every kind, and lines that are none though they look alike
        String[] pastCap = {"Call to connect returned Connection refused", "Could not open XML topology file /x.xml",
            "[Service thread] Connection closed by localRank 1", "NET/IB : No device found.",
            "NET/IB : GPU Direct RDMA Disabled for HCA 0", "NET/IB : GPU Direct RDMA Enabled for HCA 0", "ab:1 -> x", "ab -> 2",
            "ab:x -> 2", "a:1 ->", "b: -> 2", "NET/IB : Using [0]mlx5_0:1/IB", "Connected all trees", "group.cc:76 -> 3 [Async]"};
        StringBuilder sb = new StringBuilder(new String(ncclLines(), StandardCharsets.UTF_8));
        for (int i = 0; i < 2300; i++) {
            sb.append(p).append("init.cc:").append(i).append(" -> 2\n");
            if (i % 3 == 0) sb.append(p).append("Failed to initialize NET plugin IB ").append(i % 2100).append('\n');
            if (i % 5 == 0) sb.append(p).append("init.cc:").append(i / 5).append(" -> 2\n");
            if (i % 7 == 0) sb.append(p).append("Connected all rings\n");
            if (i > 2050 && i % 3 == 0) sb.append(p).append(pastCap[i % pastCap.length]).append(i % 2 == 0 ? "" : " " + i).append('\n');
        }
        Path f = Files.write(dir.resolve("events.log"), sb.toString().getBytes(StandardCharsets.UTF_8));
        ParseResult<?> stream = streamed(f, ParseLimits.DEFAULTS);
        assertThat(stream.toString()).contains("more than 2000 distinct events").contains("eventsDropped=");
        for (int chunk : new int[] {3, 64, 1000, 4096, 1 << 16}) {
            assertThat(chunked(f, ParseLimits.DEFAULTS, chunk, 1 << 20).toString()).as("chunks of %d", chunk)
                    .isEqualTo(stream.toString());
        }
    }

    /**
     * A message a reader takes for its text is read even in the middle of a run of lines the scanner counts: each such
     * message alone between counted lines parses as in one stream, and unlike a counted line in its place.
     */
    @Test
    void messagesReadForTheirTextAreReadInsideRuns() throws IOException {
        String p = "vm-n0:550:550 [0] NCCL INFO ";
        String[] read = {"Plugin Path : /usr/lib/libnccl-net.so", "P2P plugin IBext_v8", "NET/OFI Using aws-ofi-nccl 1.7.4",
            "ncclMaxSharedMem 1 exceeds device/fn maxSharedMem 2", "cudaDriverVersion 12040", "NCCL version 2.21.5+cuda12.4",
            "24 coll channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer", "Trees [0] 1/-1/-1->0->-1",
            "Channel 00/0 : 0[0] -> 1[1] via P2P/IPC", "Ring 01/0 : 0[0] -> 1[1] via SHM/direct", "NET/IB : No device found.",
            "NET/IB : GPU Direct RDMA Disabled for HCA 0", "NET/IB : Using [0]mlx5_0:1/IB", "Using network IB",
            "comm 0x1 rank 0 nranks 2 cudaDev 0 busId 1000 - Init START", "rank 0 nranks 4", "init.cc:1350 -> 2",
            "Failed to initialize NET plugin IB", "[Service thread] Connection closed by localRank 1", "Bootstrap : Using eth0:1<0>"};
        String counted = p + "Connected all rings\n";
        Path without = Files.write(dir.resolve("without.log"), (counted + counted + counted).getBytes(StandardCharsets.UTF_8));
        String none = streamed(without, ParseLimits.DEFAULTS).toString();
        for (String message : read) {
            String text = counted + p + message + "\n" + counted;
            Path f = Files.write(dir.resolve("read.log"), text.getBytes(StandardCharsets.UTF_8));
            String stream = streamed(f, ParseLimits.DEFAULTS).toString();
            assertThat(stream).as(message).isNotEqualTo(none);
            for (int chunk : new int[] {64, 1 << 16}) {
                assertThat(chunked(f, ParseLimits.DEFAULTS, chunk, 1 << 20).toString()).as("%s in chunks of %d", message, chunk)
                        .isEqualTo(stream);
            }
        }
    }

    /**
     * The scanner tries a hang report's pattern or the NCCLCHECK failure test only on a line that holds a text the
     * pattern needs: each such line is read (it changes the parse) as in one stream, cut anywhere, and so are look-alikes
     * that hold the texts but match nothing.
     */
    @Test
    void hangReportsAndNcclFailuresBehindTheirTextsParseAsInOneStream() throws IOException {
        String[] read = {"[E ProcessGroupGloo.cpp:138] Rank 1 failed to pass monitoredBarrier in 30000 ms",
            "[E ProcessGroupGloo.cpp:2805] [PG 0 Rank 0] Ranks 1, 3 failed to pass monitoredBarrier in 5000 ms",
            "Rank 0 successfully reached monitoredBarrier, but received errors while waiting for send/recv from rank 2",
            "[rank1]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 1] Received a dump signal from this local rank and will stop.",
            "[rank0]:[E ProcessGroupNCCL.cpp:1316] Received a dump signal due to a collective timeout from  rank 3 and we will"
                + " try our best to dump the debug info. Last enqueued NCCL work: 12, last completed NCCL work: 11.",
            "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:598] Connection closed by peer [10.0.0.2]:29500",
            "RuntimeError: [gloo/transport/tcp/pair.cc:534] Read error [10.0.0.3]:61442: Connection reset by peer",
            "RuntimeError: [gloo/transport/tcp/pair.cc:575] writev [10.0.0.4]:4000: Broken pipe",
            "RuntimeError: [/opt/gloo/transport/tcp/unbound_buffer.cc:81] Timed out waiting 1800000ms for recv operation to"
                + " complete",
            "RuntimeError: [gloo/transport/tcp/pair.cc:211] Read timeout [10.1.1.1]:1234",
            "ddp.py:10 NCCL failure common.cu:110 'unhandled system error'"};
        String[] alike = {"Rank 4 said monitoredBarrier and no more", "Received a dump signal later", "closed [x] by nobody",
            "Broken pipe [", "Timed out waiting forever", "Write timeout [ ]", "NCCL failure without a quote",
            "[PG 7 Rank 99999999999999] Heartbeat monitor timed out! Process will be terminated"};
        assertEachLineChangesTheParseAndCutsAsOneStream(read, alike);
    }

    /**
     * The chunk threads tell the scanner which of the words it looks for each line without a recent INFO prefix holds,
     * and it searches for those only: lines whose words start or end the line, follow a launcher prefix or a character
     * beyond Latin-1, or fall one character short, each read (it changes the parse) as in one stream, cut anywhere.
     */
    @Test
    void linesHoldingTheWordsLookedForAtTheirEdgesParseAsInOneStream() throws IOException {
        String[] read = {"Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5, OpType=ALLREDUCE, NumelIn=1,"
                + " NumelOut=1, Timeout(ms)=600000) ran for 600021 milliseconds before timing out.",
            "[rank0]:[E ProcessGroupNCCL.cpp:577] [Rank 0] Some NCCL operations have failed or timed out",
            "NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3135, invalid usage, NCCL version 2.28.9",
            "[rank3]: torch.distributed.DistBackendError: NCCL error in: x.cpp:1, unhandled system error, NCCL version 2.19.3",
            "RuntimeError: CUDA error: out of memory", "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2 MiB",
            "中 Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 60",
            "$ env NCCL_DEBUG=INFO NCCL_ALGO=Bogus torchrun --standalone --nproc_per_node=1 ddp.py",
            "vm:1:2 [0] include/socket.h:360 WARN Call to connect failed : Connection timed out",
            "INFO: Function: ofi_init Line: 686: NET/OFI Selected Provider is efa",
            "[c10d] recvValue failed on SocketImpl(fd=5, remote=[vm]:29500): Connection reset by peer",
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError",
            "[c10d] The client socket has timed out after 60s while trying to connect to (h0, 29500).",
            "The server socket has failed to listen on any local network address.",
            "[W TCPStore.cpp:343] [c10d] TCP client failed to connect/validate to host h0:29500 - retrying (try=0): x",
            "DistStoreError: Timed out after 61 seconds waiting for clients. 1/2 clients joined.",
            "RuntimeError: Timed out initializing process group in store based barrier on rank: 0, for key: k (x)",
            "mpirun noticed that process rank 3 with PID 4711 on node n1 exited on signal 9 (Killed).",
            "srun: error: n1: task 3: Out Of Memory",
            "[12345.678901] Out of memory: Killed process 4711 (python) total-vm:1000kB, anon-rss:900kB, file-rss:0kB",
            "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=12.0. Some of your processes may have been killed",
            "[2024-01-01 00:00:00,000] [ERROR] [launch.py:321:sigkill_handler] ['python', '-u', 't.py', '--local_rank=1']"
                + " exits with return code = -9",
            "  Reason:       OOMKilled"};
        String[] alike = {"NCCL erro", "atchdo", "RuntimeError:", "ChildFailedErro", "Duplicate GPU detecte", "x WARN", "] INF",
            "中NCCL_", "NCCL failure", "rro", "The client socket ha", "TCP client failed to connec", "waiting for client",
            "noticed that process ran", "srun: error", "oom-kill even", "exits with return code", "Killed proces", "OOMKille"};
        assertEachLineChangesTheParseAndCutsAsOneStream(read, alike);
    }

    /**
     * Each of {@code read} between NCCL lines changes the parse (more than a plain line of the same count does) and
     * parses the same cut inside it as in one stream; then {@code alike} and {@code read} together, cut in chunks of 16
     * to 256 bytes.
     */
    private void assertEachLineChangesTheParseAndCutsAsOneStream(String[] read, String[] alike) throws IOException {
        String nccl = new String(ncclLines(), StandardCharsets.UTF_8);
        // the same line count with a line that says nothing: each line read must change more than the count
        Path without = Files.write(dir.resolve("without.log"), (nccl + "a plain line\n" + nccl).getBytes(StandardCharsets.UTF_8));
        String none = streamed(without, ParseLimits.DEFAULTS).toString();
        for (String line : read) {
            Path f = Files.write(dir.resolve("line.log"), (nccl + line + "\n" + nccl).getBytes(StandardCharsets.UTF_8));
            String stream = streamed(f, ParseLimits.DEFAULTS).toString();
            assertThat(stream).as(line).isNotEqualTo(none);
            for (int cut : new int[] {nccl.length() + 9, nccl.length() + line.length() / 2}) {
                assertThat(chunked(f, ParseLimits.DEFAULTS, cut, 1 << 20).toString()).as("%s cut at %d", line, cut)
                        .isEqualTo(stream);
            }
        }
        Path f = Files.write(dir.resolve("alike.log"), (nccl + String.join("\n", alike) + "\n" + String.join("\n", read)
                + "\n" + nccl).getBytes(StandardCharsets.UTF_8));
        String stream = streamed(f, ParseLimits.DEFAULTS).toString();
        for (int chunk = 16; chunk <= 256; chunk += 16) {
            assertThat(chunked(f, ParseLimits.DEFAULTS, chunk, 1 << 20).toString()).as("chunks of %d", chunk).isEqualTo(stream);
        }
    }

    @Test
    void aLineTooLongForAChunkIsReadAsOneStream() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(ncclLines());
        b.writeBytes(("vm-n0:550:550 [0] NCCL WARN " + "x".repeat(5000) + "\n").getBytes(StandardCharsets.UTF_8));
        b.writeBytes(ncclLines());
        Path f = Files.write(dir.resolve("long.log"), b.toByteArray());
        ParseResult<?> stream = streamed(f, ParseLimits.DEFAULTS);
        AtomicLong bytes = new AtomicLong();
        ParseResult<?> r = new ChunkedFileParse(0, 64, 1024, 3).parse(f, ParseLimits.DEFAULTS, bytes::addAndGet);
        assertThat(r.toString()).isEqualTo(stream.toString());
        assertThat(bytes.get()).isGreaterThanOrEqualTo(Files.size(f));
    }

    @Test
    void progressCountsEveryByteOnce() throws IOException {
        Path f = Files.write(dir.resolve("p.log"), ncclLines());
        AtomicLong bytes = new AtomicLong();
        new ChunkedFileParse(0, 100, 1 << 20, 2).parse(f, ParseLimits.DEFAULTS, bytes::addAndGet);
        assertThat(bytes.get()).isEqualTo(Files.size(f));
        bytes.set(0);
        Parsers.parse(f, ParseLimits.DEFAULTS, bytes::addAndGet);
        assertThat(bytes.get()).isEqualTo(Files.size(f));
    }

    @Test
    void theChunkThreadsFollowTheCoresUpToFourUnlessTheKnobSays() {
        assertThat(ChunkedFileParse.threads(1, 0)).isEqualTo(1);
        assertThat(ChunkedFileParse.threads(2, 0)).isEqualTo(2);
        assertThat(ChunkedFileParse.threads(16, 0)).isEqualTo(ChunkedFileParse.MAX_THREADS).isEqualTo(4);
        assertThat(ChunkedFileParse.threads(16, 12)).isEqualTo(12);
        assertThat(ChunkedFileParse.threads(2, 65)).isEqualTo(2);
        assertThat(ChunkedFileParse.chunkBytes(0)).isEqualTo(256 << 10);
        assertThat(ChunkedFileParse.chunkBytes(1024)).isEqualTo(1 << 20);
        assertThat(ChunkedFileParse.chunkBytes(8)).isEqualTo(256 << 10);
    }

    private static ParseResult<?> streamed(Path f, ParseLimits limits) throws IOException {
        try (InputStream in = Files.newInputStream(f)) {
            return Parsers.parse(in, null, limits);
        }
    }

    private static ParseResult<?> chunked(Path f, ParseLimits limits, int chunk, int maxChunk) throws IOException {
        return new ChunkedFileParse(0, chunk, maxChunk, 3).parse(f, limits, bytes -> { });
    }

    /** Real NCCL lines of our own capture, so that the texts are NCCL logs with facts. */
    private static byte[] ncclLines() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("../examples/captured/h200-1gpu/nccl/duplicate-gpu.log"));
        return (String.join("\n", lines.subList(0, Math.min(40, lines.size()))) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private List<byte[]> awkwardTexts() throws IOException {
        byte[] nccl = ncclLines();
        String w = "vm-n0:550:550 [0] NCCL WARN ";
        byte[][] awkward = {
            (w + "crlf line\r\n" + w + "lone cr\r" + w + "after cr\n").getBytes(StandardCharsets.UTF_8),
            ("\u001b[1;31m" + w + "red\u001b[0m and \u001b]0;title\u0007 osc\n").getBytes(StandardCharsets.UTF_8),
            (w + "tab\there nul\u0000 bell\u0007 del\u007f\n\n\n").getBytes(StandardCharsets.UTF_8),
            (w + "wide 中文 ✓ 😀 ünïcode\n").getBytes(StandardCharsets.UTF_8),
            {'b', 'a', 'd', ' ', (byte) 0xE2, (byte) 0x82, '\n', (byte) 0xE0, (byte) 0x80, '\n', (byte) 0x80, (byte) 0xBF,
                ' ', (byte) 0xF0, (byte) 0x90, '\r', '\n', (byte) 0xC3, '\n', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '\n'},
            (w + "long " + "y".repeat(150) + "\n" + w + "long with cr " + "z".repeat(90) + "\r" + "q".repeat(70) + "\n")
                    .getBytes(StandardCharsets.UTF_8),
            "\r\n\r\r\n \n".getBytes(StandardCharsets.UTF_8),
        };
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < awkward.length; i++) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            b.writeBytes(nccl);
            for (int j = 0; j < awkward.length; j++) {
                b.writeBytes(awkward[(i + j) % awkward.length]);
            }
            b.writeBytes(nccl);
            out.add(b.toByteArray());
        }
        ByteArrayOutputStream bom = new ByteArrayOutputStream();
        bom.writeBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
        bom.writeBytes(out.get(0));
        out.add(bom.toByteArray());
        // Ends without a line end, in a CR, in an escape, in a cut sequence.
        for (String end : new String[] {"no end", "cr end\r", "esc \u001b[", ""}) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            b.writeBytes(out.get(1));
            b.writeBytes((w + end).getBytes(StandardCharsets.UTF_8));
            out.add(b.toByteArray());
        }
        ByteArrayOutputStream cut = new ByteArrayOutputStream();
        cut.writeBytes(out.get(2));
        cut.writeBytes(new byte[] {'x', (byte) 0xE2, (byte) 0x82});
        out.add(cut.toByteArray());
        return out;
    }
}

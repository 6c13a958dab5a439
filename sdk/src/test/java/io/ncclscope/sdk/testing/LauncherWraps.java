package io.ncclscope.sdk.testing;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Wraps every line of a log the way a launcher or a log store prints it, each family in the shape its own source or
 * documentation gives, with the rank and host of the line where the log shows them:
 *
 * <ul>
 *   <li>Open MPI {@code mpirun --tag-output}: {@code [1,3]<stdout>:} (orte/mca/iof/base, {@code "[%s,%s]<%s>:"}, no
 *       space after it), and the SageMaker form that names the rank and host, {@code [1,mpirank:3,algo-2]<stdout>:};</li>
 *   <li>Slurm {@code srun --label}: {@code "%*d: "}, the task id right-justified to the width of the largest
 *       (src/common/io_hdr... {@code _build_label}): {@code " 3: "} and {@code "12: "} in a job of 16 tasks;</li>
 *   <li>torchrun {@code --tee 3}: {@code [default0]:} ({@code log_line_prefix_template}'s default
 *       {@code [${role_name}${local_rank}]:}), {@code [3]:} (the documented {@code [${rank}]:}), and PyTorch's
 *       {@code [rank3]: };</li>
 *   <li>Ray's worker prefix: {@code (RayTrainWorker pid=123, ip=10.0.0.1) }, in colour as a terminal shows it;</li>
 *   <li>pdsh: {@code node12: };</li>
 *   <li>{@code kubectl logs --timestamps}: RFC 3339 with nanoseconds, {@code 2024-05-01T10:00:00.123456789Z };</li>
 *   <li>{@code docker compose logs}: the service name padded to the longest, then {@code " | "}:
 *       {@code worker-1  | };</li>
 *   <li>systemd-journald's short format: {@code Dec 04 12:00:00 node1 python[1234]: };</li>
 *   <li>a CloudWatch console row: {@code   | 2025-05-16T16:39:51.208-07:00 | } (corpus-more aws-ofi-nccl-889-1);</li>
 *   <li>a line counter {@code [80746] }, {@code cat -n}'s {@code "%6d\t"}; CRLF line ends; a timestamp then a rank
 *       label ({@code kubectl} around torchrun).</li>
 * </ul>
 *
 * <p>A line's rank is the rank label it already carries ({@code [rank3]:}, {@code [1,3]<stdout>:}, srun's {@code 3: }),
 * else the rank its process ({@code host:pid} of its NCCL header) was first seen with, else a new one per process;
 * a line without a header (a traceback) keeps the rank and host of the line before, as one process's output does.
 * A shell prompt's line ({@code $ env NCCL_DEBUG=INFO torchrun ...}) is left as it is: the user typed it, no launcher
 * printed it.
 */
public enum LauncherWraps {
    MPIRUN_TAG_OUTPUT("[1,%r]<stdout>:"),
    MPIRUN_TAG_OUTPUT_NAMED("[1,mpirank:%r,%h]<stdout>:"),
    SRUN_LABEL("%R: "),
    TORCHRUN_LOCAL_RANK("[default%l]:"),
    TORCHRUN_GLOBAL_RANK("[%r]:"),
    PYTORCH_RANK("[rank%r]: "),
    RAY_WORKER("\u001b[36m(RayTrainWorker pid=%p, ip=%i)\u001b[0m "),
    PDSH("%h: "),
    KUBECTL_TIMESTAMPS("%T "),
    DOCKER_COMPOSE("\u001b[32mworker-%l  |\u001b[0m "),
    JOURNALD_SHORT("Dec 04 12:00:%s %h python[%p]: "),
    CLOUDWATCH_ROW("  | 2025-05-16T16:39:51.208-07:00 | "),
    LINE_COUNTER("[%n] "),
    CAT_N("%N\t"),
    KUBECTL_THEN_RANK("%T [rank%r]: "),
    CRLF("");

    private final String template;

    LauncherWraps(String template) {
        this.template = template;
    }

    /** The host a log whose lines name none is given by a host-naming prefix. */
    public static final String DEFAULT_HOST = "gpu-node-1";

    /** True when the family names a host of its own (pdsh, journald, SageMaker's tag, Ray's ip). */
    public boolean namesHost() {
        return template.contains("%h") || template.contains("%i");
    }

    private static final Pattern HEADER = Pattern.compile("([A-Za-z0-9][A-Za-z0-9._-]*):(\\d+):(\\d+) \\[\\d+\\] ");
    private static final Pattern RANK_LABEL = Pattern.compile("^(?:\\[rank(\\d+)\\]:|\\[\\d+,(\\d+)\\]<std|\\s*(\\d{1,5}): )");

    /** {@return {@code text} with every line wrapped in this family's prefix} */
    public String wrap(String text) {
        StringBuilder out = new StringBuilder(text.length() * 2);
        Map<String, Integer> ranks = new HashMap<>();
        int rank = 0;
        String host = DEFAULT_HOST;
        String pid = "4242";
        int n = 0;
        int from = 0;
        while (from < text.length()) {
            int nl = text.indexOf('\n', from);
            int end = nl < 0 ? text.length() : nl;
            String line = text.substring(from, end);
            if (line.endsWith("\r")) line = line.substring(0, line.length() - 1);
            n++;
            Matcher label = RANK_LABEL.matcher(line);
            Integer shown = null;
            if (label.find()) {
                String g = label.group(1) != null ? label.group(1) : label.group(2) != null ? label.group(2) : label.group(3);
                shown = Integer.valueOf(g);
            }
            Matcher h = HEADER.matcher(line);
            if (h.find()) {
                host = h.group(1);
                pid = h.group(2);
                String process = host + ":" + pid;
                Integer known = ranks.get(process);
                if (shown != null) {
                    ranks.putIfAbsent(process, shown);
                    rank = shown;
                } else if (known != null) {
                    rank = known;
                } else {
                    rank = ranks.size();
                    ranks.put(process, rank);
                }
            } else if (shown != null) {
                rank = shown;
            }
            // a shell prompt's command line is what the user typed, not what the job printed
            if (!line.startsWith("$ ")) out.append(prefix(rank, host, pid, n));
            out.append(line);
            if (nl >= 0) out.append(this == CRLF ? "\r\n" : "\n");
            from = end + 1;
        }
        return out.toString();
    }

    private String prefix(int rank, String host, String pid, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c != '%') {
                sb.append(c);
                continue;
            }
            char f = template.charAt(++i);
            switch (f) {
                case 'r' -> sb.append(rank);
                case 'R' -> sb.append(String.format(Locale.ROOT, "%2d", rank));
                case 'l' -> sb.append(rank % 8);
                case 'h' -> sb.append(host);
                case 'p' -> sb.append(pid);
                case 'i' -> sb.append("10.0.0.").append(1 + Math.abs(host.hashCode() % 250));
                case 's' -> sb.append(String.format(Locale.ROOT, "%02d", n % 60));
                case 'n' -> sb.append(80000 + n);
                case 'N' -> sb.append(String.format(Locale.ROOT, "%6d", n));
                case 'T' -> sb.append(String.format(Locale.ROOT, "2024-05-01T10:%02d:%02d.%09dZ", n / 60 % 60, n % 60, n * 7919L));
                default -> throw new IllegalStateException("no field %" + f);
            }
        }
        return sb.toString();
    }
}

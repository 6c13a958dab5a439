package io.ncclscope.sdk.localize;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Renders a {@link PairPlan} as files a scheduler runs: a Slurm {@code sbatch} script, an {@code mpirun} driver
 * with one hostfile per pair, or Kubernetes MPIJob manifests (one file per round). Every launcher writes each
 * pair's output to {@code pairs/round-R/A__B.txt}, which {@code ncclscope localize pairs/} reads back.
 * Plain text, no templating library; the file names are relative to the output folder.
 */
public final class Launchers {

    /** The default payload: nccl-tests all_reduce, 8 B to 8 GiB, one GPU per process. */
    public static final String DEFAULT_PAYLOAD = "all_reduce_perf -b 8 -e 8G -f 2 -g 1";

    /** The schedulers a plan can be rendered for. */
    public enum Kind { /** An sbatch script. */ slurm, /** A shell script of mpirun calls. */ mpirun, /** Kubernetes Jobs. */ k8s }

    /** How a Slurm script asks for the GPUs of each node. */
    public enum GpuRequest {
        /** {@code --gpus-per-node=G} (Slurm 19.05 and later). */
        gpus,
        /** {@code --gres=gpu:G}, which every Slurm with GPU GRES configured understands. */
        gres,
        /** No GPU request: the partition gives whole nodes with their GPUs. */
        none
    }

    /**
     * How to run each pair.
     *
     * @param gpusPerNode    processes (one GPU each) per node, at least 1
     * @param payload        the command each process runs; {@code hostname} for a GPU-less dry run
     * @param image          container image (Kubernetes only)
     * @param gpuRequest     how a Slurm script asks for the GPUs (Kubernetes always sets the {@code nvidia.com/gpu} limit)
     * @param minutesPerTest the time limit of one test, in minutes: every launcher enforces it, and the plan's
     *                       {@link PlanBudget} counts with it
     */
    public record Options(int gpusPerNode, String payload, String image, GpuRequest gpuRequest, int minutesPerTest) {
        /**
         * Creates the record: rejects null where a component is required, checks the values.
         *
         * @param gpusPerNode    processes (one GPU each) per node, at least 1
         * @param payload        the command each process runs; {@code hostname} for a GPU-less dry run
         * @param image          container image (Kubernetes only)
         * @param gpuRequest     how a Slurm script asks for the GPUs
         * @param minutesPerTest the time limit of one test, in minutes, at least 1
         * @throws NullPointerException when a required component is null
         * @throws IllegalArgumentException when a value is out of range
         */
        public Options {
            if (gpusPerNode < 1) throw new IllegalArgumentException("gpus per node must be at least 1: " + gpusPerNode);
            Objects.requireNonNull(payload, "payload");
            if (payload.isBlank()) throw new IllegalArgumentException("the payload is empty");
            if (payload.contains("\n")) throw new IllegalArgumentException("the payload must be one line");
            Objects.requireNonNull(image, "image");
            Objects.requireNonNull(gpuRequest, "gpuRequest");
            if (minutesPerTest < 1) throw new IllegalArgumentException("minutes per test must be at least 1: " + minutesPerTest);
        }

        /**
         * Creates the options with {@code --gpus-per-node} and {@link PlanBudget#DEFAULT_MINUTES_PER_TEST}.
         *
         * @param gpusPerNode processes (one GPU each) per node, at least 1
         * @param payload     the command each process runs
         * @param image       container image (Kubernetes only)
         */
        public Options(int gpusPerNode, String payload, String image) {
            this(gpusPerNode, payload, image, GpuRequest.gpus, PlanBudget.DEFAULT_MINUTES_PER_TEST);
        }

        /** {@return 8 GPUs per node, {@link #DEFAULT_PAYLOAD}, the NGC PyTorch image (which carries nccl-tests' MPI build needs)} */
        public static Options defaults() {
            return new Options(8, DEFAULT_PAYLOAD, "nvcr.io/nvidia/pytorch:24.07-py3");
        }

        /** {@return the srun/sbatch option that asks for the GPUs; empty for {@link GpuRequest#none}} */
        String slurmGpus() {
            return switch (gpuRequest) {
                case gpus -> "--gpus-per-node=" + gpusPerNode;
                case gres -> "--gres=gpu:" + gpusPerNode;
                case none -> "";
            };
        }
    }

    /**
     * {@return the budget of {@code plan} run with {@code o}: rounds, wall time and GPU-hours at most}
     *
     * @param plan the pair schedule
     * @param o    the test command and its settings
     */
    public static PlanBudget budget(PairPlan plan, Options o) {
        return PlanBudget.of(plan, o.gpusPerNode(), o.minutesPerTest());
    }

    private Launchers() {
    }

    /**
     * {@return the files for {@code kind}, by relative path, in a stable order}
     *
     * @param plan the pair schedule
     * @param kind the scheduler
     * @param o    the test command and its settings
     */
    public static Map<String, String> render(PairPlan plan, Kind kind, Options o) {
        return switch (kind) {
            case slurm -> slurm(plan, o);
            case mpirun -> mpirun(plan, o);
            case k8s -> k8s(plan, o);
        };
    }

    /**
     * {@return {@code pairs.sbatch}: one {@code srun} step per pair, the pairs of a round concurrently, {@code wait} between rounds}
     *
     * @param plan the pair schedule
     * @param o    the test command and its settings
     */
    public static Map<String, String> slurm(PairPlan plan, Options o) {
        StringBuilder s = new StringBuilder();
        s.append("#!/bin/bash\n");
        s.append("# Pairwise two-node tests written by ncclscope plan pairs: ")
                .append(plan.rounds().size()).append(" rounds, ").append(plan.tests().size()).append(" tests, ")
                .append(plan.nodes().size()).append(" nodes.\n");
        s.append("# Budget: ").append(budget(plan, o).line(true)).append(".\n");
        s.append("# Submit: sbatch pairs.sbatch    Then: ncclscope localize pairs/\n");
        s.append("#SBATCH --job-name=ncclscope-pairs\n");
        s.append("#SBATCH --nodes=").append(plan.nodes().size()).append('\n');
        s.append("#SBATCH --nodelist=").append(String.join(",", plan.nodes())).append('\n');
        s.append("#SBATCH --ntasks-per-node=").append(o.gpusPerNode()).append('\n');
        if (!o.slurmGpus().isEmpty()) s.append("#SBATCH ").append(o.slurmGpus()).append('\n');
        // The job's limit: every round to its tests' limit, and a minute a round to start the steps.
        s.append("#SBATCH --time=").append(budget(plan, o).wallMinutes() + plan.rounds().size()).append('\n');
        s.append("#SBATCH --output=ncclscope-pairs-%j.out\n");
        s.append("set -u\n");
        s.append("export NCCL_DEBUG=${NCCL_DEBUG:-INFO}\n");
        s.append("# Extra srun options, for example SRUN_ARGS=--mpi=pmix for an MPI build of nccl-tests.\n");
        s.append("SRUN_ARGS=${SRUN_ARGS:-}\n");
        s.append("PAYLOAD=").append(shellQuote(o.payload())).append('\n');
        for (PairPlan.Round r : plan.rounds()) {
            s.append("\n# round ").append(r.number()).append(" (").append(r.pass()).append("): ")
                    .append(r.pairs().size()).append(" pairs");
            if (!r.idle().isEmpty() && r.idle().size() <= 4) s.append(", idle ").append(String.join(",", r.idle()));
            s.append('\n');
            s.append("mkdir -p pairs/round-").append(r.number()).append('\n');
            for (PairPlan.Pair p : r.pairs()) {
                // --quiet: srun's own notes ("step creation temporarily disabled, retrying" while the last
                // round's steps are released) stay out of the results file; its errors still reach it.
                s.append("srun --quiet --nodes=2 --nodelist=").append(p.a()).append(',').append(p.b())
                        .append(" --ntasks-per-node=").append(o.gpusPerNode())
                        .append(" --ntasks=").append(2 * o.gpusPerNode())
                        .append(o.slurmGpus().isEmpty() ? "" : " " + o.slurmGpus())
                        .append(" --time=").append(o.minutesPerTest())
                        .append(" $SRUN_ARGS bash -c \"$PAYLOAD\" > pairs/round-").append(r.number()).append('/')
                        .append(p.label()).append(".txt 2>&1 &\n");
            }
            s.append("wait\n");
        }
        Map<String, String> files = new LinkedHashMap<>();
        files.put("pairs.sbatch", s.toString());
        return files;
    }

    /**
     * {@return {@code run-pairs.sh} and {@code hostfiles/round-R/A__B} (Open MPI syntax: {@code host slots=G})}
     *
     * @param plan the pair schedule
     * @param o    the test command and its settings
     */
    public static Map<String, String> mpirun(PairPlan plan, Options o) {
        Map<String, String> files = new LinkedHashMap<>();
        StringBuilder s = new StringBuilder();
        s.append("#!/bin/bash\n");
        s.append("# Pairwise two-node tests written by ncclscope plan pairs: ")
                .append(plan.rounds().size()).append(" rounds, ").append(plan.tests().size()).append(" tests.\n");
        s.append("# Budget: ").append(budget(plan, o).line(false)).append(".\n");
        s.append("# Run from this folder: bash run-pairs.sh    Then: ncclscope localize pairs/\n");
        s.append("set -u\n");
        s.append("cd \"$(dirname \"$0\")\"\n");
        s.append("MPIRUN_ARGS=${MPIRUN_ARGS:---bind-to none}\n");
        s.append("PAYLOAD=").append(shellQuote(o.payload())).append('\n');
        int np = 2 * o.gpusPerNode();
        for (PairPlan.Round r : plan.rounds()) {
            s.append("\n# round ").append(r.number()).append(" (").append(r.pass()).append(")\n");
            s.append("mkdir -p pairs/round-").append(r.number()).append('\n');
            for (PairPlan.Pair p : r.pairs()) {
                String hf = "hostfiles/round-" + r.number() + "/" + p.label();
                files.put(hf, p.a() + " slots=" + o.gpusPerNode() + "\n" + p.b() + " slots=" + o.gpusPerNode() + "\n");
                s.append("timeout ").append(o.minutesPerTest()).append("m mpirun --hostfile ").append(hf).append(" -np ").append(np)
                        .append(" --map-by ppr:").append(o.gpusPerNode()).append(":node")
                        .append(" -x NCCL_DEBUG=${NCCL_DEBUG:-INFO} $MPIRUN_ARGS bash -c \"$PAYLOAD\" > pairs/round-")
                        .append(r.number()).append('/').append(p.label()).append(".txt 2>&1 &\n");
            }
            s.append("wait\n");
        }
        Map<String, String> out = new LinkedHashMap<>();
        out.put("run-pairs.sh", s.toString());
        out.putAll(files);
        return out;
    }

    /**
     * {@return {@code k8s/round-R.yaml}: one Kubeflow MPIJob (v2beta1) per pair, the two workers pinned to the two nodes,
     * and {@code run-k8s.sh}, which applies a round, waits, saves each launcher's log to
     * {@code pairs/round-R/A__B.txt} and deletes the round}
     *
     * @param plan the pair schedule
     * @param o    the test command and its settings
     */
    public static Map<String, String> k8s(PairPlan plan, Options o) {
        Map<String, String> out = new LinkedHashMap<>();
        StringBuilder run = new StringBuilder();
        run.append("#!/bin/bash\n");
        run.append("# Pairwise two-node tests written by ncclscope plan pairs, as Kubeflow MPIJobs (mpi-operator).\n");
        run.append("# Budget: ").append(budget(plan, o).line(false)).append(".\n");
        run.append("# Run from this folder: bash run-k8s.sh    Then: ncclscope localize pairs/\n");
        run.append("set -u\n");
        run.append("cd \"$(dirname \"$0\")\"\n");
        run.append("NS=${NS:-default}\n");
        int np = 2 * o.gpusPerNode();
        for (PairPlan.Round r : plan.rounds()) {
            StringBuilder y = new StringBuilder();
            y.append("# round ").append(r.number()).append(" (").append(r.pass()).append("), written by ncclscope plan pairs\n");
            run.append("\n# round ").append(r.number()).append('\n');
            run.append("mkdir -p pairs/round-").append(r.number()).append('\n');
            run.append("kubectl -n \"$NS\" apply -f k8s/round-").append(r.number()).append(".yaml\n");
            for (int pi = 0; pi < r.pairs().size(); pi++) {
                PairPlan.Pair p = r.pairs().get(pi);
                String name = jobName(r.number(), pi + 1);
                y.append("---\n");
                y.append("apiVersion: kubeflow.org/v2beta1\n");
                y.append("kind: MPIJob\n");
                y.append("metadata:\n");
                y.append("  name: ").append(name).append('\n');
                y.append("  labels:\n");
                y.append("    app.kubernetes.io/part-of: ncclscope-pairs\n");
                y.append("    ncclscope/round: \"").append(r.number()).append("\"\n");
                y.append("  annotations:\n");
                y.append("    ncclscope/pair: ").append(yamlQuote(p.label())).append('\n');
                y.append("spec:\n");
                y.append("  slotsPerWorker: ").append(o.gpusPerNode()).append('\n');
                y.append("  runPolicy:\n");
                y.append("    cleanPodPolicy: Running\n");
                y.append("    activeDeadlineSeconds: ").append(60L * o.minutesPerTest()).append('\n');
                y.append("  mpiReplicaSpecs:\n");
                y.append("    Launcher:\n");
                y.append("      replicas: 1\n");
                y.append("      template:\n");
                y.append("        spec:\n");
                y.append("          containers:\n");
                y.append("          - name: launcher\n");
                y.append("            image: ").append(yamlQuote(o.image())).append('\n');
                y.append("            command: [\"mpirun\", \"-np\", \"").append(np).append("\", \"--map-by\", \"ppr:")
                        .append(o.gpusPerNode()).append(":node\", \"-x\", \"NCCL_DEBUG=INFO\", \"bash\", \"-c\", ")
                        .append(yamlQuote(o.payload())).append("]\n");
                y.append("    Worker:\n");
                y.append("      replicas: 2\n");
                y.append("      template:\n");
                y.append("        metadata:\n");
                y.append("          labels:\n");
                y.append("            ncclscope/job: ").append(name).append('\n');
                y.append("        spec:\n");
                y.append("          affinity:\n");
                y.append("            nodeAffinity:\n");
                y.append("              requiredDuringSchedulingIgnoredDuringExecution:\n");
                y.append("                nodeSelectorTerms:\n");
                y.append("                - matchExpressions:\n");
                y.append("                  - key: kubernetes.io/hostname\n");
                y.append("                    operator: In\n");
                y.append("                    values: [").append(yamlQuote(p.a())).append(", ").append(yamlQuote(p.b())).append("]\n");
                y.append("            podAntiAffinity:\n");
                y.append("              requiredDuringSchedulingIgnoredDuringExecution:\n");
                y.append("              - topologyKey: kubernetes.io/hostname\n");
                y.append("                labelSelector:\n");
                y.append("                  matchLabels:\n");
                y.append("                    ncclscope/job: ").append(name).append('\n');
                y.append("          containers:\n");
                y.append("          - name: worker\n");
                y.append("            image: ").append(yamlQuote(o.image())).append('\n');
                y.append("            resources:\n");
                y.append("              limits:\n");
                y.append("                nvidia.com/gpu: ").append(o.gpusPerNode()).append('\n');
                run.append("kubectl -n \"$NS\" wait --for=condition=Succeeded --timeout=").append(o.minutesPerTest()).append("m mpijob/").append(name)
                        .append(" || true\n");
                run.append("kubectl -n \"$NS\" logs job/").append(name).append("-launcher > pairs/round-")
                        .append(r.number()).append('/').append(p.label()).append(".txt 2>&1\n");
            }
            run.append("kubectl -n \"$NS\" delete -f k8s/round-").append(r.number()).append(".yaml --wait\n");
            out.put("k8s/round-" + r.number() + ".yaml", y.toString());
        }
        Map<String, String> files = new LinkedHashMap<>();
        files.put("run-k8s.sh", run.toString());
        files.putAll(out);
        return files;
    }

    /** A DNS-1123 name, unique per round and pair: {@code pairs-r3-p7} (the pair's hosts are in an annotation). */
    static String jobName(int round, int pair) {
        return "pairs-r" + round + "-p" + pair;
    }

    static String shellQuote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    static String yamlQuote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** All distinct nodes of a list of pairs (used by tests). */
    static List<String> nodesOf(List<PairPlan.Pair> pairs) {
        return pairs.stream().flatMap(p -> java.util.stream.Stream.of(p.a(), p.b())).distinct().toList();
    }
}

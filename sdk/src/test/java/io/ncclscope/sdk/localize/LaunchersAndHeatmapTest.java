package io.ncclscope.sdk.localize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LaunchersAndHeatmapTest {

    static final PairPlan PLAN = PairPlan.tournament(NodeList.parse("gpu[01-05]"));
    static final Launchers.Options HOSTNAME = new Launchers.Options(2, "hostname", "busybox");

    @Test
    void slurmRunsOneStepPerPairAndWaitsBetweenRounds() throws Exception {
        String s = Launchers.slurm(PLAN, Launchers.Options.defaults()).get("pairs.sbatch");
        assertThat(s).startsWith("#!/bin/bash\n").contains("#SBATCH --nodes=5", "#SBATCH --ntasks-per-node=8",
                "PAYLOAD='all_reduce_perf -b 8 -e 8G -f 2 -g 1'", "NCCL_DEBUG=${NCCL_DEBUG:-INFO}");
        assertThat(s.lines().filter(l -> l.startsWith("srun --quiet --nodes=2 --nodelist="))).hasSize(10)
                .allSatisfy(l -> assertThat(l).matches("srun --quiet --nodes=2 --nodelist=gpu0\\d,gpu0\\d --ntasks-per-node=8 "
                        + "--ntasks=16 --gpus-per-node=8 --time=10 \\$SRUN_ARGS bash -c \"\\$PAYLOAD\" > pairs/round-\\d/gpu0\\d__gpu0\\d\\.txt 2>&1 &"));
        assertThat(s.lines().filter(l -> l.equals("wait"))).hasSize(5);
        assertThat(s).contains("pairs/round-1/gpu02__gpu05.txt");
        // GPUs asked for, and the job held to its rounds: 5 rounds of 10 minutes, a minute a round to start.
        assertThat(s).contains("#SBATCH --gpus-per-node=8\n", "#SBATCH --time=55\n",
                "# Budget: at most 5 rounds, 50 min wall, 26.7 GPU-hours of tests (33.3 held by one Slurm job of all 5 "
                        + "nodes) at 10 min a test, 8 GPUs a node.");
    }

    @Test
    void slurmAsksForGpusTheWayTheClusterTakesThem() {
        Launchers.Options gres = new Launchers.Options(4, "hostname", "x", Launchers.GpuRequest.gres, 3);
        String s = Launchers.slurm(PLAN, gres).get("pairs.sbatch");
        assertThat(s).contains("#SBATCH --gres=gpu:4\n", "#SBATCH --time=20\n")
                .doesNotContain("--gpus-per-node");
        assertThat(s.lines().filter(l -> l.startsWith("srun "))).hasSize(10)
                .allSatisfy(l -> assertThat(l).contains(" --gres=gpu:4 --time=3 "));
        Launchers.Options none = new Launchers.Options(4, "hostname", "x", Launchers.GpuRequest.none, 3);
        assertThat(Launchers.slurm(PLAN, none).get("pairs.sbatch")).doesNotContain("--gres", "--gpus-per-node");
    }

    @Test
    void theBudgetIsKnownBeforeThePlanRuns() {
        PlanBudget b = Launchers.budget(PairPlan.tournament(NodeList.parse("n[01-16]")), Launchers.Options.defaults());
        assertThat(b.rounds()).isEqualTo(15);
        assertThat(b.tests()).isEqualTo(120);
        assertThat(b.wallMinutes()).isEqualTo(150);
        // 120 tests x 16 GPUs x 10 min = 320 GPU-hours; one job of 16 nodes x 8 GPUs for 150 min = 320 too: a
        // tournament keeps every node busy in every round.
        assertThat(b.testGpuHours()).isEqualTo(320.0);
        assertThat(b.allocationGpuHours()).isEqualTo(320.0);
        // A screen of 5 nodes: two rounds, the second one pair; the Slurm job holds idle nodes.
        PlanBudget screen = PlanBudget.of(PairPlan.screen(NodeList.parse("n[1-5]")), 8, 10);
        assertThat(screen.rounds()).isEqualTo(2);
        assertThat(screen.tests()).isEqualTo(3);
        assertThat(screen.testGpuHours()).isEqualTo(8.0);
        assertThat(screen.allocationGpuHours()).isCloseTo(13.33, org.assertj.core.data.Offset.offset(0.01));
        assertThatThrownBy(() -> new Launchers.Options(8, "x", "y", Launchers.GpuRequest.gpus, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void mpirunWritesAHostfilePerPairAndADriver() throws Exception {
        Map<String, String> f = Launchers.mpirun(PLAN, HOSTNAME);
        assertThat(f).containsKey("run-pairs.sh").hasSize(11);
        assertThat(f.get("hostfiles/round-1/gpu02__gpu05")).isEqualTo("gpu02 slots=2\ngpu05 slots=2\n");
        assertThat(f.get("run-pairs.sh")).contains("mpirun --hostfile hostfiles/round-1/gpu02__gpu05 -np 4 --map-by ppr:2:node",
                "PAYLOAD='hostname'", "> pairs/round-1/gpu02__gpu05.txt 2>&1 &", "timeout 10m mpirun --hostfile",
                "# Budget: at most 5 rounds, 50 min wall, 6.7 GPU-hours of tests at 10 min a test, 2 GPUs a node.");
    }

    @Test
    void kubernetesWritesOneManifestPerRoundWithOneMpiJobPerPair() throws Exception {
        Map<String, String> f = Launchers.k8s(PLAN, HOSTNAME);
        assertThat(f).containsKeys("run-k8s.sh", "k8s/round-1.yaml", "k8s/round-5.yaml").hasSize(6);
        String y = f.get("k8s/round-1.yaml");
        assertThat(y.split("\n---\n|^---\n")).hasSizeGreaterThanOrEqualTo(2);
        assertThat(y).contains("kind: MPIJob", "slotsPerWorker: 2", "values: [\"gpu02\", \"gpu05\"]",
                "nvidia.com/gpu: 2", "\"bash\", \"-c\", \"hostname\"", "topologyKey: kubernetes.io/hostname",
                "activeDeadlineSeconds: 600");
        assertThat(y.lines().filter(l -> l.equals("kind: MPIJob"))).hasSize(2);
        assertThat(y).doesNotContain("\t");
        assertThat(f.get("run-k8s.sh")).contains("kubectl -n \"$NS\" apply -f k8s/round-1.yaml", "> pairs/round-1/gpu02__gpu05.txt");
    }

    @Test
    void optionsRejectNonsense() throws Exception {
        assertThatThrownBy(() -> new Launchers.Options(0, "hostname", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Launchers.Options(1, " ", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Launchers.Options(1, "a\nb", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThat(Launchers.shellQuote("it's")).isEqualTo("'it'\\''s'");
    }

    @Test
    void heatmapIsAnSvgWithACellPerPairAndTheSlowOnesRed() throws Exception {
        Localization l = new Localizer().localize(Localizer.read(Evidence.builder().addPath(LocalizerTest.EXAMPLE).build()));
        String svg = PairHeatmap.svg(l);
        assertThat(svg).startsWith("<?xml").contains("<svg xmlns=\"http://www.w3.org/2000/svg\"").endsWith("</svg>\n");
        assertThat(svg.split("<title>node", -1)).hasSize(1 + 56);
        assertThat(svg).contains("node02 \u2194 node07: 96.0 GB/s", "fill=\"#c00000\">node05</text>");
        // Well formed: as many opening as closing text and title tags.
        assertThat(svg.split("<text", -1).length).isEqualTo(svg.split("</text>", -1).length);
        assertThat(svg.split("<title>", -1).length).isEqualTo(svg.split("</title>", -1).length);
    }

    @Test
    void reportsRenderTheMatrixAndTheFindings() throws Exception {
        Localization l = new Localizer().localize(Localizer.read(Evidence.builder().addPath(LocalizerTest.EXAMPLE).build()));
        assertThat(PairReport.text(l, Locale.ENGLISH)).contains("Slow nodes: node05; slow paths: node02\u2194node07",
                "96.0*", "SLOW_NODE", "SLOW_PAIR");
        assertThat(PairReport.markdown(l, Locale.SIMPLIFIED_CHINESE)).contains("慢节点：node05", "**96.0**");
        String json = PairReport.json(l, Locale.ENGLISH);
        Object parsed = io.ncclscope.parsers.json.Json.parse(json);
        assertThat(parsed).isInstanceOf(Map.class);
        assertThat((List<?>) ((Map<?, ?>) parsed).get("matrix")).hasSize(28);
        assertThat(((Map<?, ?>) parsed).get("slowNodes")).isEqualTo(List.of("node05"));
    }

    @Test
    void heatmapOf1000NodesDrawsOnlyTheCellsThatDiffer() throws Exception {
        List<String> ns = PairPlanTest.nodes(1000);
        List<PairResult> rs = new java.util.ArrayList<>();
        for (PairPlan.Pair p : PairPlan.tournament(ns).tests()) {
            rs.add(new PairResult(p.a(), p.b(), p.a().equals("gpu0417") || p.b().equals("gpu0417") ? 45 : 190, null));
        }
        String svg = PairHeatmap.svg(new Localizer().localize(rs));
        // 1,000 diagonal cells + 2 x 999 slow cells + background and legend: far from a million.
        assertThat(svg.split("<rect", -1).length - 1).isBetween(2998, 3010);
        assertThat(svg.length()).isLessThan(1_000_000);
    }

    @Test
    void hostileNodeNamesAreShownNeverObeyedInTheMarkdown() throws Exception {
        // Node names come from result files and host lists a user does not control: a chat must not ping, link or
        // break the table because of them (issue 22).
        String bad = "<!channel>|[x](http://evil.example)`";
        List<PairResult> rs = new java.util.ArrayList<>();
        for (String a : List.of("A", "B", "C", bad)) {
            for (String b : List.of("A", "B", "C", bad)) {
                if (a.compareTo(b) < 0) rs.add(new PairResult(a, b, a.equals(bad) || b.equals(bad) ? 45 : 190, null));
            }
        }
        String md = PairReport.markdown(new Localizer(190.0, 0.8).localize(rs), Locale.ENGLISH);
        // Outside code spans (which Markdown shows literally) nothing may start a tag, link or table cell.
        String prose = md.replaceAll("`[^`\\n]*`", "");
        assertThat(prose).doesNotContainPattern("(?<!\\\\)<!channel").doesNotContainPattern("(?<!\\\\)\\[x");
        assertThat(md).contains("| \\<!channel\\>\\|\\[x\\](http://evil.example)\\` |");
    }

    @Test
    void aLargeCampaignPointsAtTheFullMatrixTheWayItsReaderAsksForIt() {
        // Past PairReport.MAX_MATRIX nodes only the slow pairs are listed; the pointer to the rest names the CLI's
        // flags on the command line and the render parameter over REST, never a flag a REST caller cannot pass.
        List<PairResult> rs = new java.util.ArrayList<>();
        for (int i = 0; i < 30; i++) {
            for (int j = i + 1; j < 30; j++) {
                String a = String.format(Locale.ROOT, "n%02d", i), b = String.format(Locale.ROOT, "n%02d", j);
                rs.add(new PairResult(a, b, i == 7 || j == 7 ? 45 : 190, null));
            }
        }
        Localization l = new Localizer(190.0, 0.8).localize(rs);
        assertThat(PairReport.markdown(l, Locale.ENGLISH)).contains("--format json");
        assertThat(PairReport.markdown(l, Locale.ENGLISH, io.ncclscope.sdk.Surface.REST)).doesNotContain("--format")
                .contains("full matrix is in ?render=json");
        assertThat(PairReport.text(l, Locale.ENGLISH, io.ncclscope.sdk.Surface.REST)).doesNotContain("--format");
    }
}

package io.ncclscope.collect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Picks the NCCL-relevant part of an environment and redacts secrets in it. A variable is kept when its name has
 * one of {@link #PREFIXES} or is one of {@link #NAMES}; its value is replaced by {@value #REDACTED} when the name
 * looks like a secret (a word such as TOKEN, SECRET, PASSWORD, KEY or CREDENTIALS between underscores, or a cloud
 * provider's prefix such as {@code AWS_}), and secrets embedded in values (passwords in URLs, access-key-shaped
 * strings, bearer tokens) are cut out. Thread-safe (stateless).
 */
public final class Redactor {

    /** What a redacted value reads as. */
    public static final String REDACTED = "<redacted>";

    /** Name prefixes that matter to NCCL, its network plugins, the CUDA runtime and the launchers. */
    public static final List<String> PREFIXES = List.of("NCCL_", "CUDA_", "NVIDIA_", "UCX_", "UCC_", "FI_", "HCOLL_",
            "SHARP_", "MLX5_", "IBV_", "RDMAV_", "OMPI_MCA_", "PMIX_MCA_", "SLURM_", "TORCH_", "TORCHELASTIC_", "GLOO_",
            "TP_", "MELLANOX_", "NVSHMEM_", "AWS_", "AZURE_", "GOOGLE_", "HF_", "WANDB_", "K8S_", "KUBERNETES_");

    /** Whole names that matter (launcher rendezvous, rank layout, library lookup). */
    public static final Set<String> NAMES = Set.of("MASTER_ADDR", "MASTER_PORT", "WORLD_SIZE", "RANK", "LOCAL_RANK",
            "LOCAL_WORLD_SIZE", "GROUP_RANK", "NODE_RANK", "LD_LIBRARY_PATH", "LD_PRELOAD", "OMP_NUM_THREADS",
            "HOSTNAME", "NODE_NAME", "PATH");

    /** Words that make a variable's value a secret wherever they stand in its name. */
    private static final Set<String> SECRET_WORDS = Set.of("TOKEN", "TOKENS", "SECRET", "SECRETS", "PASSWORD",
            "PASSWD", "PASS", "PWD", "KEY", "KEYS", "APIKEY", "CREDENTIAL", "CREDENTIALS", "AUTH", "AUTHORIZATION",
            "SESSION", "PRIVATE", "CERT", "COOKIE", "SIGNATURE", "DSN", "CONNECTION");

    /** Cloud and service prefixes whose every value is treated as a secret (kept only as a name). */
    private static final List<String> SECRET_PREFIXES = List.of("AWS_", "AZURE_", "GOOGLE_", "GCP_", "HF_", "WANDB_");

    private static final Pattern URL_PASSWORD = Pattern.compile("(\\b[a-zA-Z][a-zA-Z0-9+.-]{0,20}://[^:/@\\s]{1,256}:)[^@\\s]{1,512}@");
    private static final Pattern TOKEN_SHAPES = Pattern.compile(
            "\\b(AKIA|ASIA)[0-9A-Z]{16}\\b|\\bgh[pousr]_[A-Za-z0-9]{20,}\\b|\\bhf_[A-Za-z0-9]{20,}\\b"
                    + "|\\bxox[abpr]-[A-Za-z0-9-]{10,}\\b|\\beyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}"
                    + "|(?i)\\bbearer\\s+[A-Za-z0-9._~+/=-]{8,}");

    private Redactor() {
    }

    /** Whether a variable of this name is collected at all. */
    public static boolean relevant(String name) {
        if (NAMES.contains(name)) return true;
        for (String p : PREFIXES) if (name.startsWith(p)) return true;
        return false;
    }

    /** Whether a variable of this name holds a secret (its value is never written). */
    public static boolean secretName(String name) {
        String up = name.toUpperCase(Locale.ROOT);
        for (String p : SECRET_PREFIXES) if (up.startsWith(p)) return true;
        for (String w : up.split("[_.-]")) if (SECRET_WORDS.contains(w)) return true;
        return false;
    }

    /** The value with embedded secrets cut out (URL passwords, token-shaped strings). */
    public static String scrub(String value) {
        Matcher m = URL_PASSWORD.matcher(value);
        String v = m.replaceAll(r -> Matcher.quoteReplacement(r.group(1)) + REDACTED + "@");
        return TOKEN_SHAPES.matcher(v).replaceAll(REDACTED);
    }

    /**
     * The relevant variables of {@code env}, sorted by name, as {@code NAME=value} lines with secrets redacted,
     * followed by a comment line counting the variables left out.
     */
    public static List<String> lines(Map<String, String> env) {
        List<String> out = new ArrayList<>();
        int skipped = 0;
        for (var e : new TreeMap<>(env).entrySet()) {
            String n = e.getKey();
            if (!relevant(n)) {
                skipped++;
                continue;
            }
            String v = e.getValue() == null ? "" : e.getValue().replace("\n", "\\n").replace("\r", "\\r");
            out.add(n + "=" + (secretName(n) ? REDACTED : scrub(v)));
        }
        out.add("# " + out.size() + " NCCL-relevant variable(s) of the collecting process; " + skipped
                + " other(s) left out; secrets redacted");
        return out;
    }
}

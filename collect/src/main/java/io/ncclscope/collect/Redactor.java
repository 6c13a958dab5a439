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
 * looks like a secret (a word such as TOKEN, SECRET, PASSWORD, KEY or CREDENTIALS between underscores, a joined
 * word such as {@code ACCESSTOKEN} or {@code DBPASSWORD}, or a cloud provider's prefix such as {@code AWS_}), and
 * secrets embedded in values are cut out: URL passwords (an empty user and an {@code @} inside the password
 * included), user parts that look like tokens, {@code key=value} and {@code --key value} pairs whose key names a
 * secret, {@code Authorization} headers, private key blocks and token-shaped strings of the known providers.
 * Numbers under a counting key ({@code max_tokens=4096}) are kept. Thread-safe (stateless).
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

    /** Words that make a variable's value a secret when they stand alone between separators in its name. */
    private static final Set<String> SECRET_WORDS = Set.of("TOKEN", "TOKENS", "SECRET", "SECRETS", "PASSWORD",
            "PASSWORDS", "PASSWD", "PASS", "PWD", "KEY", "KEYS", "APIKEY", "CREDENTIAL", "CREDENTIALS", "AUTH",
            "AUTHORIZATION", "SESSION", "PRIVATE", "CERT", "COOKIE", "SIGNATURE", "SIG", "DSN", "PASSPHRASE", "BEARER", "JWT");

    /**
     * Roots that make a word a secret wherever they stand in it ({@code ACCESSTOKEN}, {@code DBPASSWORD},
     * {@code MYSECRETS}); short words that occur inside innocent ones ({@code KEY} in {@code PKEY}, {@code PASS} in
     * {@code BYPASS}) count only whole, through {@link #SECRET_WORDS}.
     */
    private static final Pattern SECRET_ROOT = Pattern.compile(
            "TOKEN(?!IZ)|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|APIKEY|ACCESSKEY|SECRETKEY|PRIVATEKEY"
                    + "|AUTHKEY|SIGNINGKEY|ENCRYPTIONKEY|SESSIONKEY|MASTERKEY|AUTHORIZATION|COOKIE|BEARER|CONNECTIONSTRING");

    /** Words in a key that make it a count or a limit, not a secret ({@code MAX_TOKENS}, {@code num_tokens}). */
    private static final Set<String> COUNTING_WORDS = Set.of("MAX", "MIN", "NUM", "COUNT", "TOTAL", "LIMIT", "LEN",
            "LENGTH", "SIZE", "PER", "N");

    /** Cloud and service prefixes whose every value is treated as a secret (kept only as a name). */
    private static final List<String> SECRET_PREFIXES = List.of("AWS_", "AZURE_", "GOOGLE_", "GCP_", "HF_", "WANDB_");

    private static final String SCHEME = "\\b[a-zA-Z][a-zA-Z0-9+.-]{0,30}://";
    /**
     * {@code scheme://user:password@host}: the user may be empty ({@code redis://:pw@host}); the password runs to
     * the last {@code @} before white space or the next URL, so an {@code @} inside it is cut out with the rest.
     */
    private static final Pattern URL_PASSWORD = Pattern.compile(
            "(" + SCHEME + "[^:/?#@\\s]{0,256}:)((?:(?!" + SCHEME + ")\\S){1,1024}?)@(?=[^@\\s]*(?:\\s|$|[/?#,;]|" + SCHEME + "))");
    /** {@code scheme://TOKEN@host}: a user part with no password that is long and mixed enough to be a token. */
    private static final Pattern URL_TOKEN_USER = Pattern.compile(
            "(" + SCHEME + ")(?=[^:/?#@\\s]*[0-9])(?=[^:/?#@\\s]*[A-Za-z])[A-Za-z0-9_.~-]{20,}@");
    /**
     * The start of {@code key=value}, {@code "key": value} or {@code --key value} inside a value: group 1 the key
     * (with its dashes), group 2 what stands between it and its value.
     */
    private static final Pattern KEY_START = Pattern.compile(
            "(?<![A-Za-z0-9_.-])(--?[A-Za-z][A-Za-z0-9_.-]{0,80}|[A-Za-z][A-Za-z0-9_.-]{0,80})"
                    + "([\"']?\\s*[=:]\\s*|(?<=[A-Za-z0-9])\\s+(?=[^\\s-]))");
    /** A value after its key: quoted, or up to white space or a list separator. */
    private static final Pattern VALUE = Pattern.compile("\"[^\"]*\"|'[^']*'|[^\\s,;&\"']+");
    private static final Pattern AUTH_HEADER = Pattern.compile(
            "(?i)\\b(bearer|basic|token|digest)\\s+[A-Za-z0-9._~+/=-]{8,}");
    private static final Pattern PRIVATE_KEY_BLOCK = Pattern.compile(
            "-----BEGIN [A-Z ]*PRIVATE KEY-----.*?(-----END [A-Z ]*PRIVATE KEY-----|$)", Pattern.DOTALL);
    private static final Pattern TOKEN_SHAPES = Pattern.compile(
            "\\b(?:AKIA|ASIA)[0-9A-Z]{16}\\b|\\bgh[pousr]_[A-Za-z0-9]{20,}\\b|\\bgithub_pat_[A-Za-z0-9_]{20,}\\b"
                    + "|\\bglpat-[A-Za-z0-9_-]{20,}\\b|\\bhf_[A-Za-z0-9]{20,}\\b|\\bxox[abprs]-[A-Za-z0-9-]{10,}\\b"
                    + "|\\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}\\b|\\bAIza[0-9A-Za-z_-]{35}\\b|\\bnpm_[A-Za-z0-9]{36}\\b"
                    + "|\\beyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}");

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
        return secretKey(up);
    }

    /**
     * Whether a key (upper case) names a secret: a secret word between separators, or a secret root anywhere once
     * the separators are gone ({@code ACCESSTOKEN}, {@code ACCESS_KEY}, {@code CONNECTION_STRING}).
     */
    private static boolean secretKey(String upperKey) {
        for (String w : upperKey.split("[_.-]+")) if (SECRET_WORDS.contains(w)) return true;
        return SECRET_ROOT.matcher(upperKey.replaceAll("[_.-]+", "")).find();
    }

    /** Whether a key names a count or a limit ({@code MAX_TOKENS}): its numbers are no secret. */
    private static boolean countingKey(String upperKey) {
        String[] words = upperKey.split("[_.-]+");
        for (String w : words) if (COUNTING_WORDS.contains(w)) return true;
        return words.length > 0 && words[words.length - 1].matches("[A-Z]*TOKENS");
    }

    /**
     * The value with embedded secrets cut out: private key blocks, URL passwords and token users, secret
     * {@code key=value} pairs, authorization headers and token-shaped strings.
     */
    public static String scrub(String value) {
        String v = PRIVATE_KEY_BLOCK.matcher(value).replaceAll(REDACTED);
        v = URL_PASSWORD.matcher(v).replaceAll(r -> Matcher.quoteReplacement(r.group(1)) + REDACTED + "@");
        v = URL_TOKEN_USER.matcher(v).replaceAll(r -> Matcher.quoteReplacement(r.group(1)) + REDACTED + "@");
        v = AUTH_HEADER.matcher(v).replaceAll(REDACTED);
        v = keyValues(v);
        return TOKEN_SHAPES.matcher(v).replaceAll(REDACTED);
    }

    /**
     * Cuts the values of secret keys out; a key that is no secret is stepped over, not its value, so
     * {@code opts=password=x} still loses {@code x}.
     */
    private static String keyValues(String v) {
        Matcher key = KEY_START.matcher(v);
        Matcher value = VALUE.matcher(v);
        StringBuilder out = new StringBuilder(v.length());
        int copied = 0;
        int from = 0;
        while (from < v.length() && key.find(from)) {
            String name = key.group(1);
            String between = key.group(2);
            boolean flag = name.startsWith("-");
            from = key.end();
            // "--password hunter2" is a flag and its value; "password hunter2" in prose is no pair.
            if (between.isBlank() && !flag) {
                from = key.end(1);
                continue;
            }
            String upperKey = name.replaceFirst("^-+", "").toUpperCase(Locale.ROOT);
            if (!secretKey(upperKey) || !value.find(key.end()) || value.start() != key.end()) continue;
            String found = value.group();
            boolean counted = countingKey(upperKey) && found.matches("[0-9][0-9_,.]*[kKmMbB]?");
            if (counted || found.startsWith(REDACTED)) {
                from = value.end();
                continue;
            }
            out.append(v, copied, key.end()).append(REDACTED);
            copied = value.end();
            from = value.end();
        }
        return copied == 0 ? v : out.append(v, copied, v.length()).toString();
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
            String raw = e.getValue() == null ? "" : e.getValue();
            // Scrubbed before newlines are escaped, so a private key block is seen whole.
            String v = secretName(n) ? REDACTED : scrub(raw);
            out.add(n + "=" + v.replace("\n", "\\n").replace("\r", "\\r"));
        }
        out.add("# " + out.size() + " NCCL-relevant variable(s) of the collecting process; " + skipped
                + " other(s) left out; secrets redacted");
        return out;
    }
}

package io.ncclscope.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A file of SHA-256 digests of outputs, one {@code digest  key} line each, as {@link GoldenCliTest} and
 * {@link GoldenCompareTest} keep them: {@code -Dncclscope.golden.update=true} rewrites the file,
 * {@code -Dncclscope.golden.dump=DIR} writes each output under {@code DIR}.
 */
final class GoldenDigests {

    private final Path file;
    private final String header;
    private final Path dump;
    private final Map<String, String> actual = new TreeMap<>();

    /**
     * @param file   the digest file
     * @param header its first line, a comment saying which test writes it
     */
    GoldenDigests(Path file, String header) {
        this.file = file;
        this.header = header;
        String d = System.getProperty("ncclscope.golden.dump");
        this.dump = d == null || d.isBlank() ? null : Path.of(d);
    }

    /** Records the digest of {@code output} under {@code key}, and writes it to {@code dumpName} when dumping. */
    void put(String key, String dumpName, String output) throws IOException {
        actual.put(key, sha256(output));
        if (dump != null) {
            Path p = dump.resolve(dumpName);
            Files.createDirectories(p.getParent());
            Files.writeString(p, output, StandardCharsets.UTF_8);
        }
    }

    /**
     * {@return the keys whose digest differs from the file's, or that only one side has; empty after rewriting the
     * file when updating}
     *
     * @param needsCorpus   the file's keys left out when the corpus is absent
     * @param corpusPresent whether the corpus is there
     */
    List<String> moved(Predicate<String> needsCorpus, boolean corpusPresent) throws IOException {
        if (Boolean.getBoolean("ncclscope.golden.update")) {
            StringBuilder sb = new StringBuilder(header).append('\n');
            actual.forEach((k, v) -> sb.append(v).append("  ").append(k).append('\n'));
            Files.createDirectories(file.getParent());
            Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
            return List.of();
        }
        Map<String, String> expected = new TreeMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) continue;
            int sp = line.indexOf("  ");
            expected.put(line.substring(sp + 2), line.substring(0, sp));
        }
        if (!corpusPresent) expected.keySet().removeIf(needsCorpus);
        TreeMap<String, String> all = new TreeMap<>(expected);
        all.putAll(actual);
        return all.keySet().stream().filter(k -> !Objects.equals(expected.get(k), actual.get(k))).toList();
    }

    /** {@return the hex SHA-256 of the text's UTF-8 bytes} */
    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

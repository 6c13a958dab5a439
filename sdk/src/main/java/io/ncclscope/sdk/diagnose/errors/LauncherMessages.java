package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.diagnose.errors.Classifier.Role;
import io.ncclscope.sdk.diagnose.errors.Classifier.Verdict;
import io.ncclscope.sdk.rules.MessageCatalogue;
import java.util.Optional;

/**
 * What a launcher's line means, by its row of the message catalogue ({@code messages.tsv}): PyTorch's c10d store
 * (torch/csrc/distributed/c10d/socket.cpp, TCPStore.cpp), torchrun's failure table (torch/distributed/elastic), and the
 * launchers' and schedulers' word on how a process ended (Open MPI's help-orterun.txt, Slurm's srun and slurmstepd,
 * DeepSpeed's launch.py, Kubernetes). The catalogue's code names the finding, {@code context} makes a consequence,
 * {@code benign} or no row nothing. Stateless.
 */
final class LauncherMessages {

    static final String STORE_UNREACHABLE = "C10D_STORE_UNREACHABLE";
    static final String STORE_PORT_IN_USE = "C10D_STORE_PORT_IN_USE";
    static final String KILLED_BY_SIGNAL = "RANK_KILLED_BY_SIGNAL";
    static final String KILLED_BY_OOM = "RANK_KILLED_BY_OOM";

    private LauncherMessages() {
    }

    /**
     * The verdict of a c10d store's socket message, of a signal in torchrun's failure table or of a launcher's line on
     * how a process ended; empty when the catalogue has no row for it or the row says it is harmless.
     *
     * @param text the line after the launcher's prefix
     */
    static Optional<Verdict> classify(String text) {
        if (text == null || text.isBlank()) return Optional.empty();
        Optional<MessageCatalogue.Entry> row = MessageCatalogue.builtIn().match(text);
        if (row.isEmpty() || MessageCatalogue.BENIGN.equals(row.get().classification())) return Optional.empty();
        String code = row.get().classification();
        return Optional.of(switch (code) {
            // A rank that cannot reach the store, or a store that cannot listen, stops the job before NCCL starts.
            case STORE_UNREACHABLE -> new Verdict(code, Role.ROOT, "store.unreachable");
            case STORE_PORT_IN_USE -> new Verdict(code, Role.ROOT, "store.port");
            // The first failed worker ended on a signal: a cause, weaker than an error of its own; the peers that
            // lost it (a store that went away, a closed connection) are its consequences.
            case KILLED_BY_SIGNAL -> new Verdict(code, Role.WEAK, "signal.killed");
            // The OOM killer ended a process for the host memory of its step or container: nothing before it in the
            // job made it happen, so it is a first cause of its own.
            case KILLED_BY_OOM -> new Verdict(code, Role.ROOT, "oom.killed");
            // A retry, a per-address error before the one thrown, the launcher stopping the other workers, a process
            // that exited with an error or aborted itself, a cancelled step.
            default -> new Verdict(null, Role.SECONDARY, "warn");
        });
    }
}

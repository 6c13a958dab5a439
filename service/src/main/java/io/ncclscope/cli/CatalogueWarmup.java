package io.ncclscope.cli;

import io.ncclscope.sdk.rules.MessageCatalogue;
import io.ncclscope.sdk.rules.RuleCatalog;
import java.util.Set;

/**
 * The SDK's two catalogues, read on a thread of their own while the main thread parses the command line and reads the
 * inputs: the finding-code catalogue ({@code Rules.properties}, filed code by code) and the message catalogue
 * ({@code messages.tsv}, 1,100 rows, each row's literal worked out). A command that analyzes logs needs both once it
 * classifies what the logs say, and in a one-log analyze of the node bundle reading them was about a fifth of the
 * run, on a machine whose other cores sit idle meanwhile. Nothing here changes what is read or found, only who pays
 * for the reading: each catalogue is read once per JVM by its class's static initializer, under the JVM's lock for
 * it, so the main thread finds it ready, waits for this thread to finish it, or reads it itself when this thread has
 * not begun. Neither initializer needs a class whose initializer needs the other, so the two threads cannot wait on
 * each other. A one-log analyze's main thread first needs the rule catalogue when it sorts its first finding, after the
 * parse ({@code Diagnosis} reads the catalogue's order then, not when its class is initialized): by then this thread
 * has read it.
 */
final class CatalogueWarmup {

    /** The commands that analyze logs, and so read both catalogues. */
    static final Set<String> COMMANDS = Set.of("analyze", "report", "workflow");

    private CatalogueWarmup() {
    }

    /**
     * Starts the reading on a daemon thread when {@code args} name a command of {@link #COMMANDS}.
     *
     * @param args the command line
     */
    static void start(String[] args) {
        if (args.length == 0 || !COMMANDS.contains(args[0])) return;
        Thread t = new Thread(CatalogueWarmup::run, "ncclscope-catalogue-warmup");
        t.setDaemon(true);
        t.start();
    }

    /** Reads both catalogues; any failure is left for the main thread to meet and report itself. */
    static void run() {
        try {
            RuleCatalog.codeNames();
            MessageCatalogue.builtIn();
        } catch (RuntimeException | LinkageError e) {
            // Nothing to report here: the main thread reads the same catalogues and fails there, in its own words.
        }
    }
}

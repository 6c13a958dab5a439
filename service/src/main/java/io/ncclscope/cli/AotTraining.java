package io.ncclscope.cli;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs several CLI commands in one JVM, separated by {@code ;} arguments. The node bundle's build runs it once with
 * {@code -XX:AOTCacheOutput} so the AOT cache holds the classes of analyze, parse and collect together (a JDK 25
 * training run records one JVM, and each CLI command is one JVM). Not a user command; exits 0 when every command
 * ended with 0 or 1 (problems found is a normal verdict), else 3.
 */
final class AotTraining {

    private AotTraining() {
    }

    @SuppressForbidden("ends its training run as Main ends a command")
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        List<String> cmd = new ArrayList<>();
        int worst = 0;
        for (int i = 0; i <= args.length; i++) {
            if (i == args.length || args[i].equals(";")) {
                if (!cmd.isEmpty()) {
                    // As Main starts it, so that the cache holds its classes too.
                    CatalogueWarmup.start(cmd.toArray(String[]::new));
                    int code = Main.run(cmd.toArray(String[]::new), out, err, new ByteArrayInputStream(new byte[0]));
                    err.println("aot-training: exit " + code + ": " + String.join(" ", cmd));
                    if (code > 1) worst = 3;
                }
                cmd.clear();
            } else {
                cmd.add(args[i]);
            }
        }
        out.flush();
        err.flush();
        // As Main ends a command: halt, so the cache holds no log manager that a real run never loads.
        Runtime.getRuntime().halt(worst);
    }
}

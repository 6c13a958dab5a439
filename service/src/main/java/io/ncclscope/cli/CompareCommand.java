package io.ncclscope.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** SKELETON: {@code ncclscope compare}, replaced by the real command. */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"(not yet available)"}, hidden = true)
final class CompareCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "'compare' is not available yet");
    }
}

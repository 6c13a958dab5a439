package io.ncclscope.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** SKELETON: {@code ncclscope localize}, replaced by the real command. */
@Command(name = "localize", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"(not yet available)"}, hidden = true)
final class LocalizeCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "'localize' is not available yet");
    }
}

package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code CliModel.java}, the commands' models built without reading annotations, is what {@link CliModelGenerator}
 * writes from the annotations today, and gives the same commands as picocli's reading of the annotations: the same
 * help text, the same options and parameters with the same attributes, and the same values after parsing.
 */
class CliModelTest {

    private static final Path SOURCES = Path.of("src/main/java/io/ncclscope/cli");

    @Test
    void committedModelIsWhatTheAnnotationsGive() throws Exception {
        for (Map.Entry<String, String> file : CliModelGenerator.generate(Main.COMMANDS).entrySet()) {
            Path source = SOURCES.resolve(file.getKey());
            if (Boolean.getBoolean("ncclscope.golden.update")) Files.writeString(source, file.getValue(), StandardCharsets.UTF_8);
            assertThat(Files.readString(source, StandardCharsets.UTF_8))
                    .as(file.getKey() + " is out of date: regenerate it with -Dtest=CliModelTest -Dncclscope.golden.update=true")
                    .isEqualTo(file.getValue());
        }
    }

    static Stream<String> commands() {
        return Main.COMMANDS.keySet().stream().filter(n -> !n.equals("help"));
    }

    @ParameterizedTest
    @MethodSource("commands")
    void sameCommandAsTheAnnotations(String name) throws Exception {
        Main.Factory f = new Main.Factory(InputStream.nullInputStream());
        CommandLine reflective = new CommandLine(Main.COMMANDS.get(name), new Main.Factory(InputStream.nullInputStream()));
        CommandSpec spec = CliModel.command(name, f);
        assertThat(spec).as(name).isNotNull();
        assertSame(reflective, new CommandLine(spec, f));
    }

    @ParameterizedTest
    @MethodSource("commands")
    void noOptionHasATypeWhoseConverterIsLeftOut(String name) throws Exception {
        CommandSpec spec = CliModel.command(name, new Main.Factory(InputStream.nullInputStream()));
        for (ArgSpec a : spec.args()) {
            List<Class<?>> types = new ArrayList<>(List.of(a.type()));
            types.addAll(Arrays.asList(a.auxiliaryTypes()));
            for (Class<?> t : types) {
                assertThat(t.getName().matches(Main.UNUSED_CONVERTERS)).as(name + " " + a + ": " + t).isFalse();
            }
        }
    }

    @Test
    void sameRootAsTheAnnotations() {
        CommandLine reflective = new CommandLine(new Main());
        CommandLine generated = new CommandLine(CliModel.root(new Main(), CommandLine.defaultFactory()));
        assertSame(reflective, generated);
    }

    @Test
    void parsedValuesReachTheCommandsFields() throws Exception {
        Main.Factory f = new Main.Factory(InputStream.nullInputStream());
        CommandLine cl = new CommandLine(CliModel.command("analyze", f), f);
        cl.parseArgs("--format", "md", "--lang", "zh-CN", "a.log", "b/");
        AnalyzeCommand a = cl.getCommand();
        assertThat(a.output.format).isEqualTo(io.ncclscope.sdk.Format.MARKDOWN);
        assertThat(a.output.lang).isEqualTo("zh-CN");
        assertThat(a.paths).containsExactly("a.log", "b/");
        assertThat(a.spec).isSameAs(cl.getCommandSpec());

        CommandLine collect = new CommandLine(CliModel.command("collect", f), f);
        collect.parseArgs("--timeout", "2.5", "--quiet");
        CollectCommand c = collect.getCommand();
        assertThat(c.timeout).isEqualTo(2.5);
        assertThat(c.quiet).isTrue();

        CommandLine plan = new CommandLine(CliModel.command("plan", f), f);
        CommandLine.ParseResult r = plan.parseArgs("pairs", "--gpus-per-node", "4", "gpu[01-04]");
        PlanCommand.Pairs p = r.subcommand().commandSpec().commandLine().getCommand();
        assertThat(p.gpus).isEqualTo(4);
        assertThat(p.nodes).isEqualTo("gpu[01-04]");
    }

    private static void assertSame(CommandLine reflective, CommandLine generated) {
        CommandSpec a = reflective.getCommandSpec();
        CommandSpec b = generated.getCommandSpec();
        String where = a.qualifiedName();
        assertThat(generated.getUsageMessage(CommandLine.Help.Ansi.OFF)).as(where + " help")
                .isEqualTo(reflective.getUsageMessage(CommandLine.Help.Ansi.OFF));
        assertThat(b.name()).isEqualTo(a.name());
        assertThat(b.version()).as(where + " version").containsExactly(a.version());
        List<String> ao = describe(a.options());
        List<String> bo = describe(b.options());
        for (int i = 0; i < Math.max(ao.size(), bo.size()); i++) {
            assertThat(i < bo.size() ? bo.get(i) : null).as(where + " option " + i).isEqualTo(i < ao.size() ? ao.get(i) : null);
        }
        assertThat(describe(b.positionalParameters())).as(where + " parameters").isEqualTo(describe(a.positionalParameters()));
        assertThat(b.subcommands().keySet()).as(where + " subcommands").isEqualTo(a.subcommands().keySet());
        for (Map.Entry<String, CommandLine> e : a.subcommands().entrySet()) {
            assertSame(e.getValue(), b.subcommands().get(e.getKey()));
        }
    }

    private static List<String> describe(List<? extends ArgSpec> args) {
        List<String> out = new ArrayList<>();
        for (ArgSpec a : args) {
            StringBuilder s = new StringBuilder();
            if (a instanceof OptionSpec o) {
                s.append("names=").append(Arrays.toString(o.names())).append(" usageHelp=").append(o.usageHelp())
                        .append(" versionHelp=").append(o.versionHelp()).append(" negatable=").append(o.negatable())
                        .append(" fallback=").append(o.fallbackValue()).append(" order=").append(o.order());
            } else if (a instanceof PositionalParamSpec p) {
                s.append("index=").append(p.index());
            }
            s.append(" label=").append(a.paramLabel()).append(" arity=").append(a.arity())
                    .append(" type=").append(a.type().getName())
                    .append(" aux=").append(Arrays.stream(a.auxiliaryTypes()).map(Class::getName).toList())
                    .append(" default=").append(a.defaultValue()).append(" required=").append(a.required())
                    .append(" hidden=").append(a.hidden()).append(" split=").append(a.splitRegex())
                    .append(" description=").append(Arrays.toString(a.description()))
                    .append(" converters=").append(Arrays.stream(a.converters()).map(c -> c.getClass().getName()).toList())
                    .append(" candidates=").append(a.completionCandidates() == null ? null : iterate(a.completionCandidates()))
                    .append(" initial=").append(a.initialValue())
                    .append(" showDefault=").append(a.showDefaultValue())
                    .append(" interactive=").append(a.interactive());
            out.add(s.toString());
        }
        return out;
    }

    private static List<String> iterate(Iterable<String> it) {
        List<String> l = new ArrayList<>();
        it.forEach(l::add);
        return l;
    }
}

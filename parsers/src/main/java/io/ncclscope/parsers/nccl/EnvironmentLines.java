package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.nccl.LineRegions.SEED;
import static io.ncclscope.parsers.nccl.LineRegions.cut;
import static io.ncclscope.parsers.nccl.LineRegions.mix;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_ENV_SETTINGS;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The NCCL variables a log shows: NCCL's own {@code NCCL_IB_DISABLE set by environment to 1.} lines and the
 * {@code $ env NCCL_DEBUG=INFO torchrun ...} command a capture starts with.
 */
final class EnvironmentLines {

    private final HostsAndProcesses hostsAndProcesses;
    private final Map<String, String> environment = new LinkedHashMap<>();
    private final List<EnvSetting> envSettings = new ArrayList<>();
    private final LongIntMap envIndex = new LongIntMap(16);
    private String command;

    EnvironmentLines(HostsAndProcesses hostsAndProcesses) {
        this.hostsAndProcesses = hostsAndProcesses;
    }

    /** {@code NCCL_IB_DISABLE set by environment to 1.}, {@code NCCL_SOCKET_IFNAME set to enp9s0np0}. */
    void onEnvLine(String line, int no, int m) {
        int k = line.indexOf(" set by environment to ", m);
        int v;
        if (k > 0) {
            v = k + 23;
        } else {
            k = line.indexOf(" set to ", m);
            if (k < 0) return;
            v = k + 8;
        }
        String name = line.substring(m, k);
        if (!isEnvName(name)) return;
        String value = line.substring(Math.min(v, line.length())).trim();
        // NCCL prints "%s set by environment to %lld." for numeric parameters.
        if (value.endsWith(".") && ToolValues.decimal(value.substring(0, value.length() - 1)) != null) {
            value = value.substring(0, value.length() - 1);
        }
        addEnv(name, value, "nccl", hostsAndProcesses.host(line), no);
    }

    private static boolean isEnvName(String s) {
        if (s.length() < 6 || s.length() > 64) return false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')) return false;
        }
        return true;
    }

    private void addEnv(String name, String value, String origin, String host, int no) {
        long h = mix(mix(mix(mix(SEED, name, 0, name.length()), value, 0, value.length()), origin, 0, origin.length()),
                host == null ? 0 : host.hashCode());
        if (envIndex.get(h) >= 0) return;
        if (envSettings.size() >= MAX_ENV_SETTINGS) return;
        envIndex.put(h, envSettings.size());
        envSettings.add(new EnvSetting(name, cut(value), origin, host, no));
        if (environment.size() < MAX_ENV_SETTINGS) environment.putIfAbsent(name, cut(value));
    }

    /** {@code $ env NCCL_DEBUG=INFO NCCL_ALGO=Bogus torchrun ...}: the capture's command and its NCCL variables. */
    void onCommand(String line, int no, int p) {
        String cmd = line.substring(p).trim();
        if (command == null) command = cut(cmd);
        for (String tok : cmd.split(" ")) {
            int eq = tok.indexOf('=');
            if (eq <= 0) continue;
            String name = tok.substring(0, eq);
            if ((name.startsWith("NCCL_") || name.startsWith("TORCH_NCCL_")) && isEnvName(name)) {
                addEnv(name, tok.substring(eq + 1), "command", null, no);
            }
        }
    }

    Map<String, String> environment() {
        return environment;
    }

    List<EnvSetting> settings() {
        return envSettings;
    }

    String command() {
        return command;
    }
}

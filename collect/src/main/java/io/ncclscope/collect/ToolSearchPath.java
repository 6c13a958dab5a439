package io.ncclscope.collect;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where {@code collect} looks for the tools of the {@link AllowList}: the fixed system folders first, then the
 * absolute entries of {@code PATH}. Relative entries ({@code .}, {@code bin}, and the empty entry that means the
 * current folder) are never searched, so a {@code nvidia-smi} planted in the folder {@code collect} runs from (as
 * root, often) is never run; the system folders come first so a user's {@code ~/bin/ibstat} does not shadow the
 * real one. The {@code PATH} entries still find tools installed elsewhere ({@code /opt/mellanox/bin}).
 */
final class ToolSearchPath {

    /** The fixed system folders, searched first in this order. */
    static final List<String> SYSTEM = List.of("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin");

    private ToolSearchPath() {
    }

    /** The folders to search: {@link #SYSTEM}, then the absolute entries of {@code path} (may be null), no repeats. */
    static List<String> of(String path) {
        List<String> dirs = new ArrayList<>(SYSTEM);
        if (path != null) {
            for (String p : path.split(File.pathSeparator, -1)) {
                if (!p.isBlank() && Path.of(p).isAbsolute() && !dirs.contains(p)) dirs.add(p);
            }
        }
        return List.copyOf(dirs);
    }

    /** The executable regular file named {@code tool} in the first folder of {@code dirs} that has one, or null. */
    static Path find(List<String> dirs, String tool) {
        if (tool.isEmpty() || tool.contains("/") || tool.equals(".") || tool.equals("..")) return null;
        for (String dir : dirs) {
            Path d = Path.of(dir);
            if (!d.isAbsolute()) continue;
            Path p = d.resolve(tool);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) return p;
        }
        return null;
    }
}

package io.ncclscope.parsers.nccl;

import java.util.Locale;

/**
 * What the log says about the external net plugin ({@code libnccl-net.so}: HPC-X SHARP plugin, aws-ofi-nccl...).
 *
 * @param found true when a plugin was loaded ({@code Plugin Path : ...}, {@code P2P plugin IBext},
 *              {@code NET/OFI Using aws-ofi-nccl 1.5.0aws}, {@code Loaded net plugin ...}); false when only
 *              "not found" lines were printed ({@code NET/Plugin : No plugin found (libnccl-net.so)},
 *              {@code NET/Plugin: Could not find: libnccl-net.so})
 * @param name  the plugin's name when printed ({@code IBext}, {@code aws-ofi-nccl 1.5.0aws}); nullable
 * @param path  the library path when printed; nullable
 * @param text  the message of the deciding line
 * @param line  1-based line of the deciding line
 */
public record NetPlugin(boolean found, String name, String path, String text, int line) {

    /**
     * {@return whether the deciding line says a plugin was there but could not be used: a symbol it lacks, an
     * incompatible or unsupported version}
     */
    public boolean incompatible() {
        String l = text == null ? "" : text.toLowerCase(Locale.ROOT);
        return l.contains("symbol") || l.contains("incompatible") || l.contains("unsupported");
    }
}

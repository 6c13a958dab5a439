package io.ncclscope.parsers.nccl;

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
}

/**
 * ncclscope collect: runs the fixed allow-list of node commands (argv, no shell, a timeout each) and writes a node
 * bundle with its manifest, which {@code ncclscope analyze} reads directly. Start at
 * {@link io.ncclscope.collect.Collector}. Reads {@code io.ncclscope.parsers} (transitively: {@code Probe} names a
 * parser {@code Kind}) and nothing else; works the same on the class path.
 */
module io.ncclscope.collect {
    requires transitive io.ncclscope.parsers;

    exports io.ncclscope.collect;
}

/** The SDK usage example, as a named module: it needs io.ncclscope.sdk only (the parsers come with it). */
module io.ncclscope.examples.sdkusage {
    requires io.ncclscope.sdk;
}

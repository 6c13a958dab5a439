package io.ncclscope.parsers.nvsmi;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ParseWarning;
import io.ncclscope.parsers.ToolParser;
import java.io.Reader;
import java.util.List;
import java.util.Map;

/** SKELETON, to be replaced by the real parser for {@code NVIDIA_SMI_Q}. */
public final class NvidiaSmiParser implements ToolParser<Object> {
    @Override
    public Kind kind() {
        return Kind.NVIDIA_SMI_Q;
    }

    @Override
    public int sniff(CharSequence head) {
        return 0;
    }

    @Override
    public ParseResult<Object> parse(Reader in, ParseLimits limits) {
        return new ParseResult<>(kind(), Map.of(), List.of(ParseWarning.error(0, "not implemented", "")));
    }
}

package io.ncclscope.parsers.nccl;

import java.util.Locale;

/** Who printed an NCCL version. */
public enum VersionSource {
    /** NCCL itself ({@code NCCL version 2.18.5+cuda12.2}). */
    NCCL,
    /** PyTorch's error message ({@code ..., NCCL version 2.19.3}), normalised when PyTorch mis-decoded it. */
    PYTORCH;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}

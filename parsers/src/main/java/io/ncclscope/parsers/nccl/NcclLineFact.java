package io.ncclscope.parsers.nccl;

/**
 * A fact an NCCL log states on one line ({@link NcclEvent}, {@link EnvSetting}, {@link NcclInterface}, {@link NcclRank},
 * {@link NetworkChoice}, {@link IbDevice}, {@link NcclTransport}): where it was read, and the line rebuilt from the
 * record, for quoting the line where the log's text was not kept.
 */
public interface NcclLineFact {

    /** {@return the 1-based line the fact was read from (its first occurrence, for a fact kept once)} */
    int line();

    /**
     * {@return the line as NCCL printed it, rebuilt from the record as far as it keeps it: an event with its
     * {@code host:pid:tid [dev]} prefix, the other facts from {@code NCCL INFO} on, one fact of a line that lists
     * several ({@code [0]eth0:10.0.0.1 [1]eth1:10.0.1.1}) alone}
     */
    String asPrinted();
}

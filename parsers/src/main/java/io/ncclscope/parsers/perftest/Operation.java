package io.ncclscope.parsers.perftest;

/**
 * The verb a perftest run exercises, from the title line ({@code RDMA_Write BW Test} is {@link #WRITE}).
 * {@link #toString()} gives the enum name.
 */
public enum Operation {
    /** {@code Send}: ib_send_bw / ib_send_lat. */
    SEND,
    /** {@code Send_imm}: ib_send_bw --send_with_imm. */
    SEND_IMM,
    /** {@code RDMA_Write}: ib_write_bw / ib_write_lat. */
    WRITE,
    /** {@code RDMA_Write_imm}: ib_write_bw --write_with_imm. */
    WRITE_IMM,
    /** {@code RDMA_Read}: ib_read_bw / ib_read_lat. */
    READ,
    /** {@code Atomic}: ib_atomic_bw / ib_atomic_lat. */
    ATOMIC,
    /** Not shown or not known. */
    UNKNOWN;

    /**
     * {@return the operation of perftest's verb word ({@code Send}, {@code RDMA_Write} ...); {@link #UNKNOWN} otherwise}
     *
     * @param verb the word; null allowed
     */
    public static Operation fromVerb(String verb) {
        if (verb == null) return UNKNOWN;
        return switch (verb) {
            case "Send" -> SEND;
            case "Send_imm" -> SEND_IMM;
            case "RDMA_Write" -> WRITE;
            case "RDMA_Write_imm" -> WRITE_IMM;
            case "RDMA_Read" -> READ;
            case "Atomic" -> ATOMIC;
            default -> UNKNOWN;
        };
    }

    /** {@return the tool stem: {@code send}, {@code write}, {@code read}, {@code atomic}; null for {@link #UNKNOWN}} */
    public String toolStem() {
        return switch (this) {
            case SEND, SEND_IMM -> "send";
            case WRITE, WRITE_IMM -> "write";
            case READ -> "read";
            case ATOMIC -> "atomic";
            case UNKNOWN -> null;
        };
    }
}

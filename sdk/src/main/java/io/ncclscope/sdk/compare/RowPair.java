package io.ncclscope.sdk.compare;

/**
 * One (collective, size) measured on both sides.
 *
 * @param collective the collective
 * @param size       bytes
 * @param busbwA     median busbw of side A at this size (GB/s)
 * @param busbwB     median busbw of side B at this size (GB/s)
 * @param spreadA    relative spread of side A's readings at this size (repeats, in-place vs out-of-place)
 * @param spreadB    relative spread of side B's readings at this size
 */
public record RowPair(String collective, long size, double busbwA, double busbwB, double spreadA, double spreadB) {
    /** {@return b / A, or null when A is 0} */
    public Double ratio() {
        return busbwA > 0 ? busbwB / busbwA : null;
    }
}

package io.ncclscope.parsers.tests;

/**
 * One result row of the table.
 *
 * @param size             bytes ({@code size (B)} column); rows of size 0 are real (per-rank counts rounded to 0)
 * @param count            elements
 * @param type             data type, for example {@code float}, {@code half}, {@code bfloat16}
 * @param redop            reduction operation ({@code sum}, {@code max}, {@code none} ...); null when the column is
 *                         absent or blank
 * @param root             root rank ({@code -1} when not rooted); null when the column is absent or blank
 * @param outOfPlace       out-of-place figures; null when the tool (or a paste) left them out
 * @param inPlace          in-place figures; null when the row holds only the out-of-place half
 * @param timestamp        the {@code -S 1} timestamp, {@code yyyy-MM-dd HH:mm:ss}; null when not printed
 * @param actualIterations iterations actually run (JSON only)
 * @param line             1-based source line
 */
public record NcclTestsRow(long size, Long count, String type, String redop, Integer root, NcclTestsResult outOfPlace,
                           NcclTestsResult inPlace, String timestamp, Integer actualIterations, int line) {

    /** {@return whether either half of the row has wrong values ({@link NcclTestsResult#hasWrongValues})} */
    public boolean hasWrongValues() {
        return outOfPlace != null && outOfPlace.hasWrongValues() || inPlace != null && inPlace.hasWrongValues();
    }
}

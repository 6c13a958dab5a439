package io.ncclscope.parsers.tests;

/**
 * The column set announced by the table header ({@code #  size  count  type  redop  root  time ...}).
 *
 * @param redopColumn   the header has a {@code redop} column
 * @param rootColumn    the header has a {@code root} column
 * @param wrongColumn   the label of the check column: {@code #wrong} (count, nccl-tests 2.11+) or {@code error}
 *                      (largest relative error, older versions)
 * @param cpuTime       the time column is {@code cputime} ({@code -C 1})
 * @param perIteration  the per-iteration columns {@code i_min i_max i_p99 i_cv%} follow each half ({@code -I 1})
 * @param timestamps    a {@code timestamp} column ends each row ({@code -S 1})
 * @param line          1-based line of the column-name header
 */
public record TableLayout(boolean redopColumn, boolean rootColumn, String wrongColumn, boolean cpuTime,
                          boolean perIteration, boolean timestamps, int line) {
}

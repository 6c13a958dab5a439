package io.ncclscope.parsers.flightrec;

/**
 * One process group of a dump's {@code pg_config}.
 *
 * @param name  the group's name ({@code "0"})
 * @param desc  its description ({@code "default_pg"}); nullable
 * @param ranks its global ranks as the dump wrote them ({@code "[0, 1, 2, 3]"}); nullable
 */
public record ProcessGroupConfig(String name, String desc, String ranks) {
}

/**
 * RoCE GID tables: {@code show_gids} and the GID lines of {@code ibv_devinfo -v} (kind {@code gids}).
 */
package io.ncclscope.parsers.gids;

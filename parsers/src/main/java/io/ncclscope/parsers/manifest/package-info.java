/**
 * The {@code manifest.json} of an {@code ncclscope collect} bundle: every step the collection ran and how it ended
 * (kind {@code collect-manifest}).
 */
package io.ncclscope.parsers.manifest;

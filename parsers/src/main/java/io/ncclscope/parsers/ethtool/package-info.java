/**
 * {@code ethtool IF}, {@code ethtool -i IF} and {@code ethtool -S IF}: speed, duplex, link, driver and counters
 * (kind {@code ethtool}).
 */
package io.ncclscope.parsers.ethtool;

/**
 * {@code lspci -tv} trees (kind {@code lspci-tree}) and {@code lspci -vvv} devices with link capability and
 * status (kind {@code lspci-verbose}).
 */
package io.ncclscope.parsers.pci;

/**
 * RDMA devices and ports from {@code ibstat}, {@code ibstatus} and {@code ibv_devinfo [-v]} (kind {@code ibstat}).
 */
package io.ncclscope.parsers.ib;

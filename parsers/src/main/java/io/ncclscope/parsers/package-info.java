/**
 * The parsers' entry point ({@link io.ncclscope.parsers.Parsers}), kind detection, limits, results and warnings:
 * the types every parser shares.
 */
package io.ncclscope.parsers;

/**
 * A dependency-free JSON writer and reader, so that the parsers' results serialise to the JSON shapes of the
 * design without a JSON library.
 */
package io.ncclscope.parsers.json;

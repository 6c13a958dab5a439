/**
 * PyTorch Flight Recorder dumps (kind {@code flight-recorder}): the pickle files PyTorch writes by default, read by a
 * restricted reader that builds plain containers and scalars only and never executes anything, and the JSON form.
 */
package io.ncclscope.parsers.flightrec;

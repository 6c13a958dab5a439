/**
 * Bus bandwidth versus message size as SVG or PNG, with the plateau the hardware should reach.
 */
package io.ncclscope.sdk.plot;

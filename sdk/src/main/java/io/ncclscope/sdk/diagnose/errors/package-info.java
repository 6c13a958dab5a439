/**
 * NCCL and launcher errors, classified and walked back to their first cause.
 */
package io.ncclscope.sdk.diagnose.errors;

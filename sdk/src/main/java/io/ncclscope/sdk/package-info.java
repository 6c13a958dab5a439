/**
 * The SDK's facade ({@link io.ncclscope.sdk.NcclScope}), its {@link io.ncclscope.sdk.Options} and the report
 * {@link io.ncclscope.sdk.Format}s: start here.
 */
package io.ncclscope.sdk;

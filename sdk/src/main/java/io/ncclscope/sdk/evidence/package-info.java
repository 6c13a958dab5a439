/**
 * What a user has about a job: parsed artifacts grouped by node, built from files, folders, readers and strings.
 */
package io.ncclscope.sdk.evidence;

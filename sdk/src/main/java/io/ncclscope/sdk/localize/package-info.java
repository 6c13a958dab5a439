/**
 * Pairwise tests: plans for Slurm, Kubernetes and plain ssh, and the localization of the slow node or path.
 */
package io.ncclscope.sdk.localize;

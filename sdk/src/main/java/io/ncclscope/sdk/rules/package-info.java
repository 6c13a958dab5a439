/**
 * The rule catalogue: stable finding codes with their severity, segment, causes and actions, in en and zh-CN.
 */
package io.ncclscope.sdk.rules;

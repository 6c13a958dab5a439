/**
 * Environment listings: {@code env}, {@code env | grep NCCL_}, {@code export -p} and the {@code env.txt} of an
 * {@code ncclscope collect} bundle (kind {@code env}).
 */
package io.ncclscope.parsers.env;

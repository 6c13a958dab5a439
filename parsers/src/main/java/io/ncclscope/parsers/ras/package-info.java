/** NCCL's RAS client output ({@code ncclras}, NCCL 2.24+; kind {@code nccl-ras}), the text form. */
package io.ncclscope.parsers.ras;

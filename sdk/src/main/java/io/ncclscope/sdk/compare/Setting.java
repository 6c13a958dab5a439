package io.ncclscope.sdk.compare;

import io.ncclscope.sdk.evidence.EvidenceLine;

/**
 * One NCCL variable a side ran with, and how it is known.
 *
 * @param name   the variable, {@code NCCL_IB_DISABLE}
 * @param value  its value as written, {@code 1}
 * @param origin {@code json-env} (nccl-tests -J {@code env}), {@code nccl-log} (NCCL's own lines), {@code command}
 *               (the command line) or {@code name} (read from a file or folder name: the weakest)
 * @param where  the line that shows it; null when read from a name
 */
public record Setting(String name, String value, String origin, EvidenceLine where) {
}

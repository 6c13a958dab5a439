package io.ncclscope.parsers.dmesg;

import java.util.Optional;

/**
 * The names NVIDIA gives Xid numbers in its Xid catalogue (docs.nvidia.com/deploy/xid-errors, the mnemonic column:
 * {@code 79} is {@code GPU_HAS_FALLEN_OFF_THE_BUS}), for the Xids that matter to a multi-GPU job. The kernel line
 * prints the number only ({@link DmesgEvent#xid()}); this is the word a reader looks up. What an Xid means for a job
 * (its severity) is no part of the catalogue's vocabulary and is left to the analysis.
 */
public final class XidCatalog {

    private XidCatalog() {
    }

    /**
     * {@return NVIDIA's mnemonic of Xid {@code xid}; empty for a number this table does not name}
     *
     * @param xid the Xid number, as {@link DmesgEvent#xid()} reads it
     */
    public static Optional<String> mnemonic(int xid) {
        String name = switch (xid) {
            case 8 -> "FIFO_ERROR_IDLE_TIMEOUT";
            case 13 -> "GR_EXCEPTION";
            case 31 -> "MMU_ERR_FLT";
            case 32 -> "PBDMA_ERROR";
            case 43 -> "RESETCHANNEL_VERIF_ERROR";
            case 45 -> "PREEMPTIVE_REMOVAL";
            case 46 -> "GPU_TIMEOUT_ERROR";
            case 48 -> "GPU_ECC_DBE";
            case 62 -> "PMU_HALT_ERROR";
            case 63 -> "DRAM_RETIREMENT_EVENT";
            case 64 -> "DRAM_RETIREMENT_FAILURE";
            case 74 -> "NVLINK_ERROR";
            case 79 -> "GPU_HAS_FALLEN_OFF_THE_BUS";
            case 92 -> "EXCESSIVE_SBE_INTERRUPTS";
            case 93 -> "INFOROM_ERASE_LIMIT_EXCEEDED";
            case 94 -> "CONTAINED_ERROR";
            case 95 -> "UNCONTAINED_ERROR";
            case 109 -> "CTXSW_TIMEOUT_ERROR";
            case 110 -> "SEC_FAULT_ERROR";
            case 119 -> "GSP_RPC_TIMEOUT";
            case 120 -> "GSP_ERROR";
            case 121 -> "C2C_ERROR";
            case 136 -> "ALI_TRAINING_FAIL";
            case 137 -> "NVLINK_PRIV_ERR";
            case 140 -> "UNRECOVERABLE_ECC_ERROR_ESCAPE";
            case 143 -> "GPU_INIT_ERROR";
            case 144 -> "NVLINK_SAW_ERROR";
            case 145 -> "NVLINK_RLW_ERROR";
            case 146 -> "NVLINK_TLW_ERROR";
            case 147 -> "NVLINK_TREX_ERROR";
            case 148 -> "NVLINK_NVLPW_CTRL_ERROR";
            case 149 -> "NVLINK_NETIR_ERROR";
            case 150 -> "NVLINK_MSE_ERROR";
            case 154 -> "GPU_RECOVERY_ACTION_CHANGED";
            case 155 -> "NVLINK_SW_DEFINED_ERROR";
            case 156 -> "RESOURCE_RETIREMENT_EVENT";
            case 158 -> "GPU_FATAL_TIMEOUT";
            case 171 -> "UNCORRECTABLE_DRAM_ERROR";
            case 172 -> "UNCORRECTABLE_SRAM_ERROR";
            default -> null;
        };
        return Optional.ofNullable(name);
    }
}

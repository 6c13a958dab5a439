package io.ncclscope.parsers.env;

import java.util.List;
import java.util.Optional;

/**
 * The variables of one environment listing, in input order; a name listed twice keeps both lines.
 *
 * @param variables the variables
 */
public record EnvData(List<EnvVariable> variables) {

    /**
     * Copies the list.
     *
     * @param variables the variables
     */
    public EnvData {
        variables = List.copyOf(variables);
    }

    /**
     * {@return the last setting of {@code name} (what a shell would hold after reading the listing); empty when not
     * listed}
     *
     * @param name a variable name, {@code NCCL_IB_HCA}
     */
    public Optional<EnvVariable> variable(String name) {
        for (int i = variables.size() - 1; i >= 0; i--) {
            if (variables.get(i).name().equals(name)) return Optional.of(variables.get(i));
        }
        return Optional.empty();
    }

    /** {@return the variables whose names start with {@code NCCL_}, in input order} */
    public List<EnvVariable> nccl() {
        return variables.stream().filter(v -> v.name().startsWith("NCCL_")).toList();
    }
}

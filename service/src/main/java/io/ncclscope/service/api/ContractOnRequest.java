package io.ncclscope.service.api;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.OASFilter;

/**
 * A filter of the served contract that changes nothing: it is here so that {@code /q/openapi} is written when a client
 * asks for it, not at start. Quarkus reads the build's document into a model at start either way; with no filter that
 * runs per request it also writes that model out as JSON and as YAML there and keeps both texts, and that writing was
 * about a twelfth of the main thread's CPU to the first ready answer (JFR on the node bundle, 2026-12-05). With this
 * filter it writes the asked-for form on each request instead, from the same model, so the text served is the same
 * (OpenApiContractTest pins it). {@link ContractFilter} says what the contract says; this one must stay empty.
 */
@OpenApiFilter(OpenApiFilter.RunStage.RUNTIME_PER_REQUEST)
public class ContractOnRequest implements OASFilter {
}

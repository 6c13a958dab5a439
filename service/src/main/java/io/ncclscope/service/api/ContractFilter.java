package io.ncclscope.service.api;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.util.ArrayList;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.tags.Tag;

/**
 * What the contract says about the whole API, which no resource method can: where it is served, that operations
 * need no credentials unless they say so (only the node snapshot takes a bearer token, declared on it), and what
 * each tag groups. Runs once at build time, so the served spec and {@code openapi/openapi.yaml} stay one text.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class ContractFilter implements OASFilter {

    /** The address {@code ncclscope serve} listens on by default (quarkus.http.host and port). */
    static final String DEFAULT_SERVER = "http://127.0.0.1:8080";

    private static final Map<String, String> TAGS = Map.of(
            "analyze", "The main job: tool outputs in (pasted text, named artifacts, files and bundle archives), the "
                    + "verdict with its evidence and next commands out. POST /v1/analyze takes any of the three bodies "
                    + "by Content-Type, for curl; clients generated from this contract call one operation per body.",
            "compare", "A/B pairs and scaling sets of nccl-tests runs.",
            "expect", "What bandwidth the hardware should give: every collective's busbw from a node's outputs or a named system.",
            "localize", "Which node or link is bad, from pairwise nccl-tests results.",
            "node", "This node's facts, for agent deployments (off by default; bearer token).",
            "parse", "One tool output to typed facts; the kinds known.",
            "plan", "Launcher files for pairwise tests.",
            "rules", "The finding catalogue: codes, severities, causes and fixes.",
            "workflow", "The guided diagnosis: what to collect next, from what is known so far.");

    @Override
    public void filterOpenAPI(OpenAPI api) {
        api.servers(new ArrayList<>(java.util.List.of(OASFactory.createServer().url(DEFAULT_SERVER)
                .description("ncclscope serve on this machine (its default address; --host and --port change it)"))));
        // No operation needs credentials unless it names a security requirement of its own.
        api.setSecurity(new ArrayList<>());
        if (api.getTags() != null) {
            for (Tag t : api.getTags()) {
                String d = TAGS.get(t.getName());
                if (d != null && t.getDescription() == null) t.setDescription(d);
            }
        }
    }
}

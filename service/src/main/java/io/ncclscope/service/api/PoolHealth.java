package io.ncclscope.service.api;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Readiness: the analysis pool is up; its size and load are in the check's data. */
@Readiness
@ApplicationScoped
public class PoolHealth implements HealthCheck {

    private final AnalysisPool pool;

    PoolHealth(AnalysisPool pool) {
        this.pool = pool;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("analysis pool").up()
                .withData("threads", pool.threads()).withData("active", pool.active()).build();
    }
}

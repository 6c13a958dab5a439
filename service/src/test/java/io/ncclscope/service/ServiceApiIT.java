package io.ncclscope.service;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/** {@link ServiceApiTest} against the packaged jar ({@code target/quarkus-app/quarkus-run.jar}, started with {@code serve}). */
@QuarkusIntegrationTest
class ServiceApiIT extends ServiceApiTest {
}

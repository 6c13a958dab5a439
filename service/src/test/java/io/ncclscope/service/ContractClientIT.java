package io.ncclscope.service;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/** {@link ContractClientTest}: the generated client against the packaged jar ({@code target/quarkus-app/quarkus-run.jar}). */
@QuarkusIntegrationTest
class ContractClientIT extends ContractClientTest {
}

/**
 * The REST service's request and response bodies: records, validated with Hibernate Validator on the way in,
 * mapped from the SDK's records by the MapStruct mappers of {@code io.ncclscope.service.mapping} on the way out.
 * Their JSON is the contract of DESIGN.md (the same names the CLI's {@code --format json} prints).
 */
package io.ncclscope.service.dto;

/**
 * The Confluent-compatible API: Confluent Schema Registry's REST API over Stele's data, served at
 * the root and at {@code /apis/ccompat/v7}. A subject is an artifact and a schema id is a contentId
 * (docs/adr/0015-confluent-compatible-api-on-steles-data.md). Its shapes, error codes and defaults
 * live here; the services it calls belong to neither API.
 */
package io.stele.app.ccompat;

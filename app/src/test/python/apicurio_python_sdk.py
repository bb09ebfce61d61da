"""Apicurio Registry's Python SDK (apicurioregistrysdk, 3.x) against Stele's v3 API.

Usage: apicurio_python_sdk.py <registry base URL> <run id>

Each check prints one line; the first that fails ends the run with a non-zero exit status.
"""
import asyncio
import hashlib
import json
import sys

from kiota_abstractions.api_error import APIError
from kiota_abstractions.authentication.anonymous_authentication_provider import AnonymousAuthenticationProvider
from kiota_abstractions.base_request_configuration import RequestConfiguration
from kiota_http.httpx_request_adapter import HttpxRequestAdapter

from apicurioregistrysdk.client.groups.item.artifacts.artifacts_request_builder import ArtifactsRequestBuilder
from apicurioregistrysdk.client.groups.item.artifacts.item.versions.versions_request_builder import (
    VersionsRequestBuilder as ArtifactVersionsRequestBuilder)
from apicurioregistrysdk.client.groups.item.artifacts.item.versions.item.content.content_request_builder import (
    ContentRequestBuilder)
from apicurioregistrysdk.client.groups.item.artifacts.item.versions.item.references.references_request_builder import (
    ReferencesRequestBuilder as VersionReferencesRequestBuilder)
from apicurioregistrysdk.client.models.artifact_reference import ArtifactReference
from apicurioregistrysdk.client.models.create_artifact import CreateArtifact
from apicurioregistrysdk.client.models.create_rule import CreateRule
from apicurioregistrysdk.client.models.create_version import CreateVersion
from apicurioregistrysdk.client.models.handle_references_type import HandleReferencesType
from apicurioregistrysdk.client.models.if_artifact_exists import IfArtifactExists
from apicurioregistrysdk.client.models.problem_details import ProblemDetails
from apicurioregistrysdk.client.models.reference_type import ReferenceType
from apicurioregistrysdk.client.models.rule_type import RuleType
from apicurioregistrysdk.client.models.version_content import VersionContent
from apicurioregistrysdk.client.models.version_state import VersionState
from apicurioregistrysdk.client.models.wrapped_version_state import WrappedVersionState
from apicurioregistrysdk.client.registry_client import RegistryClient
from apicurioregistrysdk.client.search.artifacts.artifacts_request_builder import (
    ArtifactsRequestBuilder as ArtifactSearchRequestBuilder)
from apicurioregistrysdk.client.search.versions.versions_request_builder import VersionsRequestBuilder


def check(condition, what):
    if not condition:
        print("FAIL " + what)
        sys.exit(1)
    print("ok   " + what)


def create(artifact_id, schema, references=None, if_exists=IfArtifactExists.FIND_OR_CREATE_VERSION):
    body = CreateArtifact(
        artifact_id=artifact_id,
        artifact_type="AVRO",
        first_version=CreateVersion(
            content=VersionContent(content=schema, content_type="application/json", references=references or [])),
    )
    config = RequestConfiguration(
        query_parameters=ArtifactsRequestBuilder.ArtifactsRequestBuilderPostQueryParameters(if_exists=if_exists))
    return body, config


async def main(url, run):
    adapter = HttpxRequestAdapter(AnonymousAuthenticationProvider())
    adapter.base_url = url + "/apis/registry/v3"
    client = RegistryClient(adapter)
    artifacts = client.groups.by_group_id("default").artifacts

    money_id = "sdk-money-" + run
    money = json.dumps({"type": "record", "name": "Money", "namespace": "sdk",
                        "fields": [{"name": "cents", "type": "long"}]})
    body, config = create(money_id, money)
    created = await artifacts.post(body, config)
    check(created.version.version == "1" and created.version.global_id > 0 and created.version.content_id > 0,
          "create answers the first version with its ids")
    check(created.artifact.artifact_id == money_id and created.artifact.artifact_type == "AVRO",
          "create answers the artifact")

    again = await artifacts.post(*create(money_id, money))
    check(again.version.global_id == created.version.global_id, "FIND_OR_CREATE_VERSION finds the same version")

    try:
        await artifacts.post(*create(money_id, money, if_exists=IfArtifactExists.FAIL))
        check(False, "FAIL on an existing artifact is refused")
    except APIError as refused:  # the SDK reads any 409 of this operation as RuleViolationProblemDetails
        check(refused.response_status_code == 409 and refused.name == "ArtifactAlreadyExistsException",
              "FAIL on an existing artifact is a 409 named ArtifactAlreadyExistsException")

    order_id = "sdk-order-" + run
    order = json.dumps({"type": "record", "name": "Order", "namespace": "sdk",
                        "fields": [{"name": "total", "type": "sdk.Money"}]})
    reference = ArtifactReference(group_id="default", artifact_id=money_id, version="1", name="sdk.Money")
    with_reference = await artifacts.post(*create(order_id, order, [reference]))
    check(with_reference.version.version == "1", "an artifact that references another is created")

    latest = await artifacts.by_artifact_id(order_id).versions.by_version_expression("branch=latest").get()
    check(latest.global_id == with_reference.version.global_id and latest.artifact_type == "AVRO",
          "the latest version's metadata is the version created")

    content = await artifacts.by_artifact_id(order_id).versions.by_version_expression("1").content.get()
    check(json.loads(content) == json.loads(order), "a version's content is the schema registered")

    dereferenced = await artifacts.by_artifact_id(order_id).versions.by_version_expression("1").content.get(
        RequestConfiguration(query_parameters=ContentRequestBuilder.ContentRequestBuilderGetQueryParameters(
            references=HandleReferencesType.DEREFERENCE)))
    check(json.loads(dereferenced)["fields"][0]["type"] == {"type": "record", "name": "Money",
                                                            "fields": [{"name": "cents", "type": "long"}]},
          "a version's content dereferenced has the type it references written in")

    by_global_id = await client.ids.global_ids.by_global_id(latest.global_id).get()
    by_content_id = await client.ids.content_ids.by_content_id(latest.content_id).get()
    check(by_global_id == content and by_content_id == content, "content by globalId and by contentId is the same")

    inbound = await artifacts.by_artifact_id(money_id).versions.by_version_expression("1").references.get(
        RequestConfiguration(query_parameters=VersionReferencesRequestBuilder.ReferencesRequestBuilderGetQueryParameters(
            ref_type=ReferenceType.INBOUND)))
    check([(r.artifact_id, r.version, r.name) for r in inbound] == [(order_id, "1", "sdk.Money")],
          "the versions that reference one are its inbound references")

    money_hash = hashlib.sha256(money.encode("utf-8")).hexdigest()  # Apicurio's hash of content without references
    by_hash = await client.ids.content_hashes.by_content_hash(money_hash).get()
    hash_references = await client.ids.content_hashes.by_content_hash(money_hash).references.get()
    by_hash = by_hash.decode("utf-8") if isinstance(by_hash, bytes) else by_hash
    check(by_hash == money and not hash_references,
          "content by its hash is the schema registered, with no references")

    references = await client.ids.global_ids.by_global_id(latest.global_id).references.get()
    check([(r.artifact_id, r.version, r.name) for r in references] == [(money_id, "1", "sdk.Money")],
          "the version's references are the one sent")

    search = RequestConfiguration(
        query_parameters=VersionsRequestBuilder.VersionsRequestBuilderPostQueryParameters(
            artifact_id=money_id, canonical=True, artifact_type="AVRO"))
    found = await client.search.versions.post(money.encode(), "application/json", search)
    check(found.count == 1 and found.versions[0].global_id == created.version.global_id,
          "a search by content finds the version")

    searched = await client.search.artifacts.get(RequestConfiguration(
        query_parameters=ArtifactSearchRequestBuilder.ArtifactsRequestBuilderGetQueryParameters(
            global_id=created.version.global_id, artifact_type="AVRO")))
    check(searched.count == 1 and [a.artifact_id for a in searched.artifacts] == [money_id],
          "a search of artifacts by globalId and type finds the artifact")

    money_artifact = artifacts.by_artifact_id(money_id)
    await money_artifact.rules.post(CreateRule(rule_type=RuleType.COMPATIBILITY, config="BACKWARD"))
    rule = await money_artifact.rules.by_rule_type("COMPATIBILITY").get()
    check(rule.config == "BACKWARD", "an artifact's rule is created and read")

    wider = json.dumps({"type": "record", "name": "Money", "namespace": "sdk",
                        "fields": [{"name": "cents", "type": "long"},
                                   {"name": "currency", "type": "string", "default": "EUR"}]})
    second = await money_artifact.versions.post(
        CreateVersion(content=VersionContent(content=wider, content_type="application/json")))
    wider_still = json.dumps({"type": "record", "name": "Money", "namespace": "sdk",
                              "fields": [{"name": "cents", "type": "long"},
                                         {"name": "currency", "type": "string", "default": "EUR"},
                                         {"name": "note", "type": "string", "default": ""}]})
    tried = await money_artifact.versions.post(
        CreateVersion(content=VersionContent(content=wider_still, content_type="application/json")),
        RequestConfiguration(query_parameters=ArtifactVersionsRequestBuilder.VersionsRequestBuilderPostQueryParameters(
            dry_run=True)))
    check(tried.version == "3" and tried.global_id == 0, "a version tried out is answered as it would be added")
    listed = await money_artifact.versions.get()
    check(second.version == "2" and [v.version for v in listed.versions] == ["1", "2"],
          "a compatible version is added and the versions are listed, the one tried out not among them")

    await money_artifact.versions.by_version_expression("1").state.put(
        WrappedVersionState(state=VersionState.DEPRECATED))
    state = await money_artifact.versions.by_version_expression("1").state.get()
    check(state.state == VersionState.DEPRECATED, "a version's state is set and read")

    info = await client.system.info.get()
    check(info.name == "Stele", "the system's info names the registry")

    try:
        await client.ids.global_ids.by_global_id(2 ** 62).get()
        check(False, "an unknown globalId is refused")
    except ProblemDetails as missing:
        check(missing.status == 404, "an unknown globalId is a 404 ProblemDetails")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))

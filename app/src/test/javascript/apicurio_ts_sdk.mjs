// Apicurio Registry's TypeScript SDK (@apicurio/apicurio-registry-sdk, 3.x) against Stele's v3 API.
//
// Usage: node apicurio_ts_sdk.mjs <registry base URL> <run id>
//
// Each check prints one line; the first that fails ends the run with a non-zero exit status. The SDK
// is an ES module, which NODE_PATH does not reach: it is imported from the node_modules folder that
// NODE_PATH names.
import { createHash } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";

const { RegistryClientFactory } = await import(
  pathToFileURL(path.join(process.env.NODE_PATH, "@apicurio/apicurio-registry-sdk/dist/main.js")).href);

function check(condition, what) {
  if (!condition) {
    console.log("FAIL " + what);
    process.exit(1);
  }
  console.log("ok   " + what);
}

const text = (buffer) => new TextDecoder().decode(buffer);

function create(artifactId, schema, references = [], ifExists = "FIND_OR_CREATE_VERSION") {
  return [
    {
      artifactId,
      artifactType: "AVRO",
      firstVersion: { content: { content: schema, contentType: "application/json", references } },
    },
    { queryParameters: { ifExists } },
  ];
}

const [url, run] = process.argv.slice(2);
const client = RegistryClientFactory.createRegistryClient(url + "/apis/registry/v3");
const artifacts = client.groups.byGroupId("default").artifacts;

const moneyId = "ts-money-" + run;
const money = JSON.stringify({ type: "record", name: "Money", namespace: "ts", fields: [{ name: "cents", type: "long" }] });
const created = await artifacts.post(...create(moneyId, money));
check(created.version.version === "1" && created.version.globalId > 0 && created.version.contentId > 0,
  "create answers the first version with its ids");
check(created.artifact.artifactId === moneyId, "create answers the artifact");

const again = await artifacts.post(...create(moneyId, money));
check(again.version.globalId === created.version.globalId, "FIND_OR_CREATE_VERSION finds the same version");

try {
  await artifacts.post(...create(moneyId, money, [], "FAIL"));
  check(false, "FAIL on an existing artifact is refused");
} catch (refused) {
  // the SDK keeps the body's "name" as nameEscaped, since an Error has a name of its own
  check(refused.responseStatusCode === 409 && refused.nameEscaped === "ArtifactAlreadyExistsException",
    "FAIL on an existing artifact is a 409 named ArtifactAlreadyExistsException");
}

const orderId = "ts-order-" + run;
const order = JSON.stringify({ type: "record", name: "Order", namespace: "ts", fields: [{ name: "total", type: "ts.Money" }] });
const withReference = await artifacts.post(
  ...create(orderId, order, [{ groupId: "default", artifactId: moneyId, version: "1", name: "ts.Money" }]));
check(withReference.version.version === "1", "an artifact that references another is created");

const latest = await artifacts.byArtifactId(orderId).versions.byVersionExpression("branch=latest").get();
check(latest.globalId === withReference.version.globalId, "the latest version's metadata is the version created");

const content = text(await artifacts.byArtifactId(orderId).versions.byVersionExpression("1").content.get());
check(JSON.stringify(JSON.parse(content)) === order, "a version's content is the schema registered");

const dereferenced = JSON.parse(text(await client.ids.globalIds.byGlobalId(latest.globalId).get(
  { queryParameters: { references: "DEREFERENCE" } })));
check(JSON.stringify(dereferenced.fields[0].type) === JSON.stringify({ type: "record", name: "Money", fields: [{ name: "cents", type: "long" }] }),
  "a version's content dereferenced by globalId has the type it references written in");

const byGlobalId = text(await client.ids.globalIds.byGlobalId(latest.globalId).get());
const byContentId = text(await client.ids.contentIds.byContentId(latest.contentId).get());
check(byGlobalId === content && byContentId === content, "content by globalId and by contentId is the same");

const inbound = await artifacts.byArtifactId(moneyId).versions.byVersionExpression("1").references.get(
  { queryParameters: { refType: "INBOUND" } });
check(JSON.stringify(inbound.map((r) => [r.artifactId, r.version, r.name])) === JSON.stringify([[orderId, "1", "ts.Money"]]),
  "the versions that reference one are its inbound references");

const moneyHash = createHash("sha256").update(money, "utf8").digest("hex"); // Apicurio's hash of content without references
const byHash = text(await client.ids.contentHashes.byContentHash(moneyHash).get());
const hashReferences = await client.ids.contentHashes.byContentHash(moneyHash).references.get();
check(byHash === money && hashReferences.length === 0, "content by its hash is the schema registered, with no references");

const references = await client.ids.globalIds.byGlobalId(latest.globalId).references.get();
check(JSON.stringify(references.map((r) => [r.artifactId, r.version, r.name])) === JSON.stringify([[moneyId, "1", "ts.Money"]]),
  "the version's references are the one sent");

const found = await client.search.versions.post(new TextEncoder().encode(money).buffer, "application/json",
  { queryParameters: { artifactId: moneyId, canonical: true, artifactType: "AVRO" } });
check(found.count === 1 && found.versions[0].globalId === created.version.globalId, "a search by content finds the version");

const searched = await client.search.artifacts.get(
  { queryParameters: { globalId: created.version.globalId, artifactType: "AVRO" } });
check(searched.count === 1 && searched.artifacts.map((a) => a.artifactId).join() === moneyId,
  "a search of artifacts by globalId and type finds the artifact");

const moneyArtifact = artifacts.byArtifactId(moneyId);
await moneyArtifact.rules.post({ ruleType: "COMPATIBILITY", config: "BACKWARD" });
const rule = await moneyArtifact.rules.byRuleType("COMPATIBILITY").get();
check(rule.config === "BACKWARD", "an artifact's rule is created and read");

const wider = JSON.stringify({ type: "record", name: "Money", namespace: "ts",
  fields: [{ name: "cents", type: "long" }, { name: "currency", type: "string", default: "EUR" }] });
const second = await moneyArtifact.versions.post({ content: { content: wider, contentType: "application/json" } });
const widerStill = JSON.stringify({ type: "record", name: "Money", namespace: "ts",
  fields: [{ name: "cents", type: "long" }, { name: "currency", type: "string", default: "EUR" },
    { name: "note", type: "string", default: "" }] });
const tried = await moneyArtifact.versions.post({ content: { content: widerStill, contentType: "application/json" } },
  { queryParameters: { dryRun: true } });
check(tried.version === "3" && tried.globalId === 0, "a version tried out is answered as it would be added");
const listed = await moneyArtifact.versions.get();
check(second.version === "2" && JSON.stringify(listed.versions.map((v) => v.version)) === JSON.stringify(["1", "2"]),
  "a compatible version is added and the versions are listed, the one tried out not among them");

await moneyArtifact.versions.byVersionExpression("1").state.put({ state: "DEPRECATED" });
const state = await moneyArtifact.versions.byVersionExpression("1").state.get();
check(state.state === "DEPRECATED", "a version's state is set and read");

const info = await client.system.info.get();
check(info.name === "Stele", "the system's info names the registry");

try {
  await client.ids.globalIds.byGlobalId(2 ** 52).get();
  check(false, "an unknown globalId is refused");
} catch (missing) {
  check(missing.responseStatusCode === 404, "an unknown globalId is a 404");
}

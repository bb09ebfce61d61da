-- wrk script: GET a uniformly random artifact's latest version among bench-0 .. bench-(ARTIFACTS-1),
-- or with IDS=1 a random globalId among 1 .. ARTIFACTS, so that the registry and the bare
-- application (bench/bare) are sent the very same requests. SWEEP=1 asks for every artifact in turn
-- instead (each thread its share), as a warm-up that reaches each one, and stops when it has.
require("thread_ids")
local artifacts = tonumber(os.getenv("ARTIFACTS") or "1000")
local ids = os.getenv("IDS") == "1"
-- API=confluent asks the Confluent API's hot paths instead: a subject's latest version, a schema by id
local confluent = os.getenv("API") == "confluent"
-- IDS=2, with API=confluent: look a subject's schema up by its text, as serializers without auto-registration do
local lookup = os.getenv("IDS") == "2"
-- API=v3 asks Apicurio's v3 API for what its deserializers ask: content by contentId (IDS=0) or by
-- globalId (IDS=1); for an artifact's latest content, on v3 (IDS=2) and on v2 (IDS=3); and for
-- content by its hash (IDS=4), among the hashes listed one a line in the file HASHES names
local v3 = os.getenv("API") == "v3"
local v3latest = os.getenv("IDS") == "2"
local v2latest = os.getenv("IDS") == "3"
local byHash = os.getenv("IDS") == "4"
-- and, with API=v3, the registration an auto-registering serializer sends for a schema the
-- artifact has: v3's find-or-create (IDS=5) and v2's return-or-update (IDS=6)
local v3register = os.getenv("IDS") == "5"
local v2register = os.getenv("IDS") == "6"
local hashes = {}
-- the schema seed.lua stored for artifact k
local function schema(k)
  return '{"type":"record","name":"Bench' .. k .. '","namespace":"io.stele.bench","fields":[' ..
    '{"name":"id","type":"long"},{"name":"name","type":"string","default":""},' ..
    '{"name":"created","type":{"type":"long","logicalType":"timestamp-millis"}}]}'
end
local sweep = os.getenv("SWEEP") == "1"
local swept = -1
-- each thread draws its own sequence: seeded alike, wrk's threads would ask the same keys in step
function init(args)
  math.randomseed(os.time() * 1000 + thread_id)
  swept = thread_id - 2
  if byHash then
    for line in io.lines(os.getenv("HASHES")) do
      hashes[#hashes + 1] = line
    end
  end
end
local function pick(low, high)
  if sweep then
    swept = swept + 2 -- wrk runs two threads (-t2): thread t takes t, t + 2, ...
    return low + swept % (high - low + 1)
  end
  return math.random(low, high)
end
function request()
  if v3 and v3latest then
    return wrk.format("GET", "/apis/registry/v3/groups/default/artifacts/bench-" .. pick(0, artifacts - 1) ..
      "/versions/branch=latest/content")
  end
  if v3 and byHash then
    return wrk.format("GET", "/apis/registry/v3/ids/contentHashes/" .. hashes[pick(1, #hashes)])
  end
  if v3 and v3register then
    local k = pick(0, artifacts - 1)
    return wrk.format("POST", "/apis/registry/v3/groups/default/artifacts?ifExists=FIND_OR_CREATE_VERSION&canonical=false",
      {["Content-Type"] = "application/json"},
      '{"artifactId":"bench-' .. k .. '","artifactType":"AVRO","firstVersion":{"content":{"content":"' ..
      schema(k):gsub('"', '\\"') .. '","contentType":"application/json","references":[]}}}')
  end
  if v3 and v2register then
    local k = pick(0, artifacts - 1)
    return wrk.format("POST", "/apis/registry/v2/groups/default/artifacts?ifExists=RETURN_OR_UPDATE&canonical=false",
      {["Content-Type"] = "application/json", ["X-Registry-ArtifactId"] = "bench-" .. k,
       ["X-Registry-ArtifactType"] = "AVRO"}, schema(k))
  end
  if v3 and v2latest then
    return wrk.format("GET", "/apis/registry/v2/groups/default/artifacts/bench-" .. pick(0, artifacts - 1))
  end
  if v3 then
    return wrk.format("GET", "/apis/registry/v3/ids/" .. (ids and "globalIds/" or "contentIds/") .. pick(1, artifacts))
  end
  if confluent then
    if lookup then
      local k = pick(0, artifacts - 1)
      return wrk.format("POST", "/subjects/bench-" .. k, {["Content-Type"] = "application/vnd.schemaregistry.v1+json"},
        '{"schema":"' .. schema(k):gsub('"', '\\"') .. '"}')
    end
    if ids then
      return wrk.format("GET", "/schemas/ids/" .. pick(1, artifacts) .. "?subject=bench-value")
    end
    return wrk.format("GET", "/subjects/bench-" .. pick(0, artifacts - 1) .. "/versions/latest")
  end
  if ids then
    return wrk.format("GET", "/api/ids/" .. pick(1, artifacts))
  end
  return wrk.format("GET", "/api/artifacts/bench-" .. pick(0, artifacts - 1))
end
local reported = 0
function response(status, headers, body)
  if sweep and swept >= artifacts then
    wrk.thread:stop() -- this thread's share is asked for; wrk still waits out the duration
  end
  if status ~= 200 and reported < 3 then
    reported = reported + 1
    io.stderr:write("status " .. status .. ": " .. body .. "\n")
  end
end

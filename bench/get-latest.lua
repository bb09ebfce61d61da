-- wrk script: GET a uniformly random artifact's latest version among bench-0 .. bench-(ARTIFACTS-1),
-- or with IDS=1 a random globalId among 1 .. ARTIFACTS, so that the registry and the bare
-- application (bench/bare) are sent the very same requests.
local artifacts = tonumber(os.getenv("ARTIFACTS") or "1000")
local ids = os.getenv("IDS") == "1"
-- API=confluent asks the Confluent API's hot paths instead: a subject's latest version, a schema by id
local confluent = os.getenv("API") == "confluent"
-- IDS=2, with API=confluent: look a subject's schema up by its text, as serializers without auto-registration do
local lookup = os.getenv("IDS") == "2"
-- the schema seed.lua stored for artifact k
local function schema(k)
  return '{"type":"record","name":"Bench' .. k .. '","namespace":"io.stele.bench","fields":[' ..
    '{"name":"id","type":"long"},{"name":"name","type":"string","default":""},' ..
    '{"name":"created","type":{"type":"long","logicalType":"timestamp-millis"}}]}'
end
math.randomseed(os.time())
function request()
  if confluent then
    if lookup then
      local k = math.random(0, artifacts - 1)
      return wrk.format("POST", "/subjects/bench-" .. k, {["Content-Type"] = "application/vnd.schemaregistry.v1+json"},
        '{"schema":"' .. schema(k):gsub('"', '\\"') .. '"}')
    end
    if ids then
      return wrk.format("GET", "/schemas/ids/" .. math.random(1, artifacts) .. "?subject=bench-value")
    end
    return wrk.format("GET", "/subjects/bench-" .. math.random(0, artifacts - 1) .. "/versions/latest")
  end
  if ids then
    return wrk.format("GET", "/api/ids/" .. math.random(1, artifacts))
  end
  return wrk.format("GET", "/api/artifacts/bench-" .. math.random(0, artifacts - 1))
end
local reported = 0
function response(status, headers, body)
  if status ~= 200 and reported < 3 then
    reported = reported + 1
    io.stderr:write("status " .. status .. ": " .. body .. "\n")
  end
end

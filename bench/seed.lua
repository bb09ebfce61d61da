-- wrk script: creates artifacts bench-0 .. bench-(ARTIFACTS-1), split between wrk's threads, then stops.
require("thread_ids")
local artifacts = tonumber(os.getenv("ARTIFACTS") or "1000")
local threads = 2
function init(args)
  counter = thread_id
end
function request()
  if counter >= artifacts then
    return wrk.format("GET", "/q/health/live")
  end
  local id = counter
  counter = counter + threads
  local body = '{"type":"record","name":"Bench' .. id .. '","namespace":"io.stele.bench","fields":[' ..
    '{"name":"id","type":"long"},{"name":"name","type":"string","default":""},' ..
    '{"name":"created","type":{"type":"long","logicalType":"timestamp-millis"}}]}'
  return wrk.format("POST", "/api/artifacts?ifExists=RETURN",
    {["X-Registry-ArtifactId"] = "bench-" .. id, ["Content-Type"] = "application/json"}, body)
end

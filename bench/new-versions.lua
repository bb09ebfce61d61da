-- wrk script: each request adds a new version (with new content) to an artifact drawn at random
-- among N, so that two of the 32 writers rarely meet on one artifact (about 3% of writes at 1,000
-- artifacts), as writers of unrelated topics would. Until 2026-11-27 the artifact came from a step
-- through the artifacts that wrk's two threads took in step with each other, nine apart: most
-- requests in flight met another on the same artifact, and the rate swung with the threads' drift.
require("thread_ids")
require("report_errors")
local artifacts = tonumber(os.getenv("ARTIFACTS") or "1000")
local counter = 0
-- each thread draws its own sequence: seeded alike, wrk's threads would pick the same artifacts
function init(args)
  math.randomseed(os.time() * 1000 + thread_id)
end

function request()
  counter = counter + 1
  local artifact = "bench-" .. math.random(0, artifacts - 1)
  local body = '{"type":"record","name":"Bench","doc":"t' .. thread_id .. '-' .. counter ..
    '","fields":[{"name":"id","type":"long"},{"name":"v","type":"string","default":""}]}'
  return wrk.format("POST", "/api/artifacts/" .. artifact .. "/versions",
    {["Content-Type"] = "application/json"}, body)
end

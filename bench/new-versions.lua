-- wrk script: each request adds a new version (with new content) to one of N artifacts.
-- Artifacts are spread over connections so writers rarely queue on one artifact's row lock.
require("thread_ids")
local artifacts = tonumber(os.getenv("ARTIFACTS") or "1000")
local counter = 0

function request()
  counter = counter + 1
  local artifact = "bench-" .. ((counter * 7919 + thread_id * 104729) % artifacts)
  local body = '{"type":"record","name":"Bench","doc":"t' .. thread_id .. '-' .. counter ..
    '","fields":[{"name":"id","type":"long"},{"name":"v","type":"string","default":""}]}'
  return wrk.format("POST", "/api/artifacts/" .. artifact .. "/versions",
    {["Content-Type"] = "application/json"}, body)
end

local non2xx = 0
function response(status, headers, body)
  if status ~= 200 then
    non2xx = non2xx + 1
    if non2xx < 5 then io.stderr:write("status " .. status .. ": " .. body .. "\n") end
  end
end

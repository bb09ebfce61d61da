-- wrk script: GET a uniformly random artifact's latest version among bench-0 .. bench-(ARTIFACTS-1),
-- or with IDS=1 a random globalId among 1 .. ARTIFACTS, so that the registry and the bare
-- application (bench/bare) are sent the very same requests.
local artifacts = tonumber(os.getenv("ARTIFACTS") or "1000")
local ids = os.getenv("IDS") == "1"
math.randomseed(os.time())
function request()
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

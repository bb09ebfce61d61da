-- wrk script: GET the latest version of a uniformly random artifact among bench-0 .. bench-(ARTIFACTS-1),
-- or, with CONSTANT=1, the constant endpoint built the same way, so both runs cost wrk the same.
local artifacts = tonumber(os.getenv("ARTIFACTS") or "1000")
local constant = os.getenv("CONSTANT") == "1"
math.randomseed(os.time())
function request()
  local n = math.random(0, artifacts - 1)
  if constant then
    return wrk.format("GET", "/bench/constant")
  end
  return wrk.format("GET", "/api/artifacts/bench-" .. n)
end
local reported = 0
function response(status, headers, body)
  if status ~= 200 and reported < 3 then
    reported = reported + 1
    io.stderr:write("status " .. status .. ": " .. body .. "\n")
  end
end

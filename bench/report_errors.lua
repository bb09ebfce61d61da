-- Reports the first few answers other than 200 on stderr (lib.sh's measure collects it). Load with
-- require("report_errors") in a script that has no response() of its own.
local non2xx = 0
function response(status, headers, body)
  if status ~= 200 then
    non2xx = non2xx + 1
    if non2xx < 5 then io.stderr:write("status " .. status .. ": " .. body .. "\n") end
  end
end

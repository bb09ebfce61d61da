-- Gives each wrk thread its own number, as the global thread_id (0, 1, ...), so that scripts can
-- split work between threads. Load with require("thread_ids") (lib.sh sets LUA_PATH).
local next_thread = 0
function setup(thread)
  thread:set("thread_id", next_thread)
  next_thread = next_thread + 1
end

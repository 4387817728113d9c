-- wrk script for bench/serve.sh: GET /api/v1/blob/<id> over keep-alive
-- connections, a different blob id on every request.
--
--   wrk -t2 -c64 -d10s --latency -s bench/wrk-blobs.lua http://127.0.0.1:PORT -- IDS
--
-- IDS is a file with one 16-hex blob id per line (bench/serve.sh writes every
-- blob id of the database, shuffled with a fixed seed). It can also be given
-- as $WRK_IDS. The URL's path is ignored; only its host and port are used.
--
-- Each wrk thread walks the whole list round robin from its own start, so
-- that the server cannot answer from a handful of hot entries and both
-- servers of a run see the same sequence (the start is derived from the
-- thread's number, not from the clock). Requests are formatted once, in
-- init(), so that wrk - which shares the machine with the server - spends as
-- little CPU as possible per request. There is no response() callback on
-- purpose: defining one makes wrk hand every response to Lua, which is slow.

local threads = 0

-- Runs in wrk's main Lua state, once per thread, before that thread's init().
function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

function init(args)
  -- wrk passes the arguments after "--" as args[1], args[2], ...
  local path = args[1]
  if path == nil or path == "" then path = os.getenv("WRK_IDS") end
  if path == nil or path == "" then
    error("wrk-blobs.lua: give the id list as 'wrk ... URL -- IDS_FILE' or in $WRK_IDS")
  end
  local file = io.open(path, "r")
  if file == nil then error("wrk-blobs.lua: cannot read " .. path) end
  requests = {}
  for line in file:lines() do
    local id = line:match("^%s*(%x+)%s*$")
    if id then requests[#requests + 1] = wrk.format("GET", "/api/v1/blob/" .. id) end
  end
  file:close()
  count = #requests
  if count == 0 then error("wrk-blobs.lua: no ids in " .. path) end
  math.randomseed(7919 * (thread_number or 1))
  next_index = math.random(count)
end

function request()
  local r = requests[next_index]
  next_index = next_index % count + 1
  return r
end

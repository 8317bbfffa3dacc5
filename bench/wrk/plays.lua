-- wrk script of the HTTP benchmark (bench/http.py writes the data files and runs wrk).
--
--   wrk -t N -c N -d 20s -s bench/wrk/plays.lua http://127.0.0.1:PORT -- DATADIR MODE
--
-- One connection per wrk thread, so each thread knows which request is in flight.
-- DATADIR/thread<k>.tsv: one line per step, "match_id TAB token TAB version TAB json body",
-- the steps of each match in order. Each thread cycles round-robin over its matches and sends
-- each match's next step:
--   MODE "service":  POST /v1/matches/<id>/events with Authorization: Bearer <write token>,
--                    If-Match: "v<version>" (the ETag of the previous answer) and a fresh
--                    Idempotency-Key, as a phone does; a step is retried until it is taken.
--   MODE "baseline": POST /plays with the same body plus "match_id" (bench/baseline_app.py).
-- A thread stops when all its steps are sent (bounded in count as well as in time).
-- done() prints one line "WRK_JSON {...}" with the counts and latency percentiles (µs).

local threads = {}
local counter = 1

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

local matches, rr, cur, mode, sent
ok, refused, other = 0, 0, 0

function init(args)
  local dir = args[1]
  mode = args[2] or "service"
  matches, rr, cur, sent = {}, 0, nil, 0
  local index = {}
  for line in io.lines(dir .. "/thread" .. id .. ".tsv") do
    local mid, token, version, body = line:match("^([^\t]+)\t([^\t]+)\t([^\t]+)\t(.*)$")
    local m = index[mid]
    if m == nil then
      m = {id = mid, token = token, version = tonumber(version), steps = {}, pos = 1}
      index[mid] = m
      table.insert(matches, m)
    end
    if mode == "baseline" then
      body = '{"match_id":"' .. mid .. '",' .. body:sub(2)
    end
    table.insert(m.steps, body)
  end
end

local function next_match()
  for _ = 1, #matches do
    rr = rr % #matches + 1
    local m = matches[rr]
    if m.pos <= #m.steps then
      return rr
    end
  end
  return nil
end

function request()
  cur = next_match()
  if cur == nil then
    wrk.thread:stop()
    cur = 1
  end
  local m = matches[cur]
  sent = sent + 1
  local body = m.steps[math.min(m.pos, #m.steps)]
  if mode == "baseline" then
    return wrk.format("POST", "/plays", {["Content-Type"] = "application/json"}, body)
  end
  local headers = {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. m.token,
    ["If-Match"] = '"v' .. m.version .. '"',
    ["Idempotency-Key"] = "bench-" .. id .. "-" .. sent,
  }
  return wrk.format("POST", "/v1/matches/" .. m.id .. "/events", headers, body)
end

function response(status, headers, body)
  local m = matches[cur]
  local etag = headers["ETag"] or headers["etag"]
  if etag then
    local v = etag:match("v(%d+)")
    if v then m.version = tonumber(v) end
  end
  if status == 201 then
    ok = ok + 1
    m.pos = m.pos + 1
  elseif status == 412 or status == 409 or status == 422 then
    refused = refused + 1
    if status == 422 then m.pos = m.pos + 1 end  -- a refused step: skip it, never loop on it
  else
    other = other + 1
  end
end

function done(summary, latency, requests)
  local t_ok, t_refused, t_other = 0, 0, 0
  for _, thread in ipairs(threads) do
    t_ok = t_ok + (thread:get("ok") or 0)
    t_refused = t_refused + (thread:get("refused") or 0)
    t_other = t_other + (thread:get("other") or 0)
  end
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"ok":%d,"refused":%d,"other":%d,' ..
    '"socket_errors":%d,"non_2xx":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"mean_us":%.0f,' ..
    '"max_us":%d}\n',
    summary.requests, summary.duration, t_ok, t_refused, t_other,
    summary.errors.connect + summary.errors.read + summary.errors.write +
    summary.errors.timeout, summary.errors.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.mean,
    latency.max))
end

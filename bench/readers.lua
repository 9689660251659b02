-- wrk script of `npm run bench` (bench/load.mjs): each request goes to the next of the paths
-- given after `--`, in turn, and the run ends with its figures as `name value` lines.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  paths = args
  turn = 0
  for k = 1, #paths do
    _G["sent" .. k] = 0
  end
end

function request()
  turn = turn % #paths + 1
  _G["sent" .. turn] = _G["sent" .. turn] + 1
  return wrk.format(nil, paths[turn])
end

function done(summary, latency, requests)
  local thread = threads[1]
  local sent = {}
  for k = 1, 100 do
    local count = thread:get("sent" .. k)
    if count == nil then break end
    table.insert(sent, count)
  end
  local errors = summary.errors
  io.write("figures\n")
  io.write(string.format("answered %d\n", summary.requests))
  io.write(string.format("duration_us %d\n", summary.duration))
  io.write(string.format("mean_us %d\n", latency.mean))
  io.write(string.format("p50_us %d\n", latency:percentile(50)))
  io.write(string.format("p99_us %d\n", latency:percentile(99)))
  io.write(string.format("max_us %d\n", latency.max))
  io.write(string.format("socket_errors %d\n", errors.connect + errors.read + errors.write + errors.timeout))
  io.write(string.format("status_errors %d\n", errors.status))
  io.write("sent " .. table.concat(sent, " ") .. "\n")
end

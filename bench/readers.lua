-- wrk script of `npm run bench` (bench/load.mjs). Arguments after `--`:
--   PATH...: each request goes to the next of the paths, in turn;
--   @LIST kind=weight...: (`--site`, bench/site.mjs) each request picks a kind by its weight, then
--     one of its addresses at random, from LIST, a file of "kind<TAB>path" lines that the
--     benchmark's editor appends to while the run lasts (new articles and sections); new lines
--     are read every few hundred requests. `sent` then counts requests per kind.
-- The run ends with its figures as `name value` lines.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

local function read_new_lines()
  list:seek("set", position)
  while true do
    local line = list:read("*l")
    if line == nil then break end
    local kind, path = line:match("^([^\t]+)\t(.+)$")
    if kind and addresses[kind] then table.insert(addresses[kind], path) end
  end
  position = list:seek()
end

local function init_list(args)
  list = io.open(args[1]:sub(2), "r")
  position = 0
  weights = {}
  addresses = {}
  for k = 2, #args do
    local kind, weight = args[k]:match("^(.+)=(%d+)$")
    table.insert(kinds, kind)
    table.insert(weights, tonumber(weight))
    addresses[kind] = {}
  end
  read_new_lines()
  math.randomseed(os.time())
  until_read = 500
end

function init(args)
  kinds = {}
  if args[1]:sub(1, 1) == "@" then
    init_list(args)
  else
    paths = args
    turn = 0
  end
  for k = 1, math.max(#kinds, paths and #paths or 0) do
    _G["sent" .. k] = 0
  end
end

local function pick_from_list()
  until_read = until_read - 1
  if until_read == 0 then
    read_new_lines()
    until_read = 500
  end
  local total, last = 0, 1
  for k = 1, #kinds do
    if #addresses[kinds[k]] > 0 then
      total = total + weights[k]
      last = k
    end
  end
  local pick = math.random() * total
  local chosen = last
  for k = 1, #kinds do
    if #addresses[kinds[k]] > 0 then
      pick = pick - weights[k]
      if pick <= 0 then
        chosen = k
        break
      end
    end
  end
  local from = addresses[kinds[chosen]]
  return chosen, from[math.random(#from)]
end

function request()
  local k, path
  if list then
    k, path = pick_from_list()
  else
    turn = turn % #paths + 1
    k, path = turn, paths[turn]
  end
  _G["sent" .. k] = _G["sent" .. k] + 1
  return wrk.format(nil, path)
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

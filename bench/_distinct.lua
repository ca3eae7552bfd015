-- wrk: each request the next path of the file named by FEN_BENCH_PATHS
-- (one a line), round and round: distinct positions and marks, as a
-- service's clients send them, rather than one URL again and again.
local paths = {}
for line in io.lines(os.getenv("FEN_BENCH_PATHS")) do
  paths[#paths + 1] = line
end
local next_path = 0

request = function()
  next_path = next_path % #paths + 1
  return wrk.format("GET", paths[next_path])
end

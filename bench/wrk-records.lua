-- wrk script for bench/facility-serve.sh: requests spread over the records of the facility that
-- `epicsdb-bench --write-facility` generates (IOC n's instance i's records are
-- F<n>:BENCH:<i>:<name>, <n> zero-padded to 3 digits or more).
--
--   wrk ... -s bench/wrk-records.lua URL -- MODE IOCS PER_IOC
--     record     GET /api/v1/records/{name}, a random record
--     match      GET /api/v1/records?match=F<n>:BENCH:<i>:*, one instance (85 names)
--     ioc-match  GET /api/v1/records?match=F<n>:*, one IOC (its first page of names)

-- The reference template's record names (bench/Workload.cpp): stem and count.
local stems = {
    { "ai", 10 }, { "ao", 10 }, { "bi", 8 }, { "bo", 8 }, { "li", 6 }, { "lo", 6 },
    { "mbbi", 6 }, { "mbbo", 4 }, { "calc", 8 }, { "calcout", 4 }, { "si", 4 }, { "so", 3 },
    { "wf", 2 }, { "seq", 2 }, { "fan", 2 }, { "dfan", 2 },
}
local names = {}
for _, stem in ipairs(stems) do
    for i = 1, stem[2] do
        names[#names + 1] = stem[1] .. i
    end
end

-- Each thread its own random sequence.
local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("seed", threads)
end

local mode, iocs, perIoc, iocFormat
function init(args)
    mode = args[1] or "record"
    iocs = tonumber(args[2] or "200")
    perIoc = tonumber(args[3] or "59")
    iocFormat = "F%0" .. math.max(3, #tostring(iocs - 1)) .. "d"
    math.randomseed(os.time() * 100 + (seed or 0))
end

function request()
    local ioc = string.format(iocFormat, math.random(0, iocs - 1))
    local instance = ioc .. ":BENCH:" .. math.random(0, perIoc - 1) .. ":"
    local path
    if mode == "record" then
        path = "/api/v1/records/" .. instance .. names[math.random(#names)]
    elseif mode == "match" then
        path = "/api/v1/records?match=" .. instance .. "*"
    else
        path = "/api/v1/records?match=" .. ioc .. ":*"
    end
    return wrk.format("GET", path)
end

-- wrk script: every request carries the next address of a list in X-Forwarded-For, so each one is placed
-- (GeoIP lookup, region, top) like a different viewer. Requests are formatted once in init(), so the load
-- generator spends its time sending, not building strings.
--
--   wrk -s rotate-xff.lua http://127.0.0.1:18080/events/keynote -- addresses.txt [path]

local requests = {}
local count = 0
local next_index = 0
local thread_number = 0

function setup(thread)
    thread:set("thread_number", thread_number)
    thread_number = thread_number + 1
end

function init(args)
    local file = args[1] or error("usage: wrk -s rotate-xff.lua URL -- ADDRESS_FILE [PATH]")
    local path = args[2] or wrk.path
    for address in io.lines(file) do
        if address ~= "" then
            count = count + 1
            requests[count] = wrk.format("GET", path, { ["X-Forwarded-For"] = address })
        end
    end
    if count == 0 then
        error("no addresses in " .. file)
    end
    -- Threads start at different places in the list.
    next_index = ((thread_number or 0) * 7919) % count
end

function request()
    next_index = next_index % count + 1
    return requests[next_index]
end

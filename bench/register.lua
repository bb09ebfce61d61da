-- wrk script: registers, through the Confluent-compatible API, a schema its subject already has,
-- as a producer's serializer does each time the producer starts. Spread over SUBJECTS subjects
-- (bench-0 ...); the first request to each subject registers its schema.
require("thread_ids")
require("report_errors")
local subjects = tonumber(os.getenv("SUBJECTS") or "100")
-- each thread draws its own sequence: seeded alike, wrk's threads would pick the same subjects
function init(args)
  math.randomseed(os.time() * 1000 + thread_id)
end

function request()
  local subject = "bench-" .. math.random(0, subjects - 1)
  return wrk.format("POST", "/subjects/" .. subject .. "/versions",
    {["Content-Type"] = "application/vnd.schemaregistry.v1+json"}, schema_body(subject))
end

-- the schema of a subject: the same text every time, different between subjects
function schema_body(subject)
  return '{"schema":"{\\"type\\":\\"record\\",\\"name\\":\\"Order\\",\\"namespace\\":\\"io.stele.bench\\",' ..
    '\\"doc\\":\\"' .. subject .. '\\",\\"fields\\":[{\\"name\\":\\"id\\",\\"type\\":\\"long\\"},' ..
    '{\\"name\\":\\"customer\\",\\"type\\":\\"string\\"},{\\"name\\":\\"amount\\",\\"type\\":\\"double\\",' ..
    '\\"default\\":0.0},{\\"name\\":\\"created\\",\\"type\\":{\\"type\\":\\"long\\",' ..
    '\\"logicalType\\":\\"timestamp-millis\\"}}]}"}'
end

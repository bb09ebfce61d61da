"""What the benchmark scripts share of wrk's output: its latencies (120.5us, 3.2ms, 1.1s) in milliseconds."""


def ms(v):
    for unit, f in (("us", 1e-3), ("ms", 1.0), ("s", 1e3)):
        if v.endswith(unit) and (unit != "s" or not v.endswith(("us", "ms"))):
            return float(v[: -len(unit)]) * f
    return float(v)

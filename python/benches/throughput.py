"""Throughput in one run, every figure against a baseline measured in the same run:

- the Arrow path (`urlscope.normalize` on a pyarrow array) against `urlscope normalize -j 1` on
  the same URLs (URLs per second, the best of RUNS);
- the Arrow path against `w3lib.url.canonicalize_url` and `urlcanon.whatwg` called per URL in
  this process (on a slice: they are slow), each against the profile that gives its answers
  (`w3lib`, `uc-whatwg`);
- with --spark, PySpark local mode: `mapInArrow` with urlscope against a pure-Python UDF doing
  `w3lib.canonicalize_url`, rows per second.

    python python/benches/throughput.py [--bin target/release/urlscope] [--copies 10] [--spark]

Prints a Markdown table; no timing is asserted anywhere.
"""

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pyarrow as pa
import urlscope

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"
RUNS = 5


def cpu_clock():
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + c.ru_utime + c.ru_stime


def best(f, runs=RUNS, clock=cpu_clock):
    """The least time of `runs` calls: by default CPU time (user + sys, this process's and its
    ended children's), since on a machine others share wall time measures the cores left over,
    CPU time the work. Spark's workers are not children that end, so Spark is timed by the wall."""
    times = []
    for _ in range(runs):
        t = clock()
        f()
        times.append(clock() - t)
    return min(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=str(REPO / "target" / "release" / "urlscope"))
    ap.add_argument("--copies", type=int, default=10)
    ap.add_argument("--profiles", default=",".join(urlscope.profiles()))
    ap.add_argument("--slice", type=int, default=5000, help="URLs given to the pure-Python libraries")
    ap.add_argument("--spark", action="store_true")
    a = ap.parse_args()

    raw = (DATA / "urls-web.txt").read_bytes().rstrip(b"\n") + b"\n"
    raw = raw * a.copies
    urls = raw.split(b"\n")[:-1]
    n = len(urls)
    arr = pa.array(urls, pa.binary())
    text = pa.array([u.decode() for u in urls], pa.string())
    with tempfile.NamedTemporaryFile(delete=False) as f:
        f.write(raw)
        path = f.name

    # One thread: a binary from before `--jobs` is single-threaded without the flag.
    probe = subprocess.run([a.bin, "normalize", "-j", "1", "x"], capture_output=True)
    one = ["-j", "1"] if probe.returncode != 2 else []
    print(f"{n} URLs (urls-web.txt × {a.copies}), least CPU time of {RUNS}; load {os.getloadavg()[0]:.1f}\n")
    print("| profile | CLI -j 1 URLs/s | Arrow binary URLs/s | Arrow string URLs/s | Arrow / CLI |")
    print("|---|---:|---:|---:|---:|")
    for p in a.profiles.split(","):
        def cli():
            with open(path, "rb") as i:
                subprocess.run([a.bin, "normalize", *one, "-p", p], stdin=i, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        t_cli = best(cli)
        t_bin = best(lambda: urlscope.normalize(arr, p))
        t_txt = best(lambda: urlscope.normalize(text, p))
        print(f"| {p} | {n / t_cli:,.0f} | {n / t_bin:,.0f} | {n / t_txt:,.0f} | {t_cli / min(t_bin, t_txt):.2f}× |")

    import urlcanon
    from w3lib.url import canonicalize_url

    # Like with like: each Python library against the profile that answers as it does (the
    # `w3lib` and `uc-whatwg` profiles are byte-identical to their references, docs/canon.md),
    # the library per URL on a slice (it is slow), urlscope on every URL of the list.
    piece = [u.decode() for u in urls[: a.slice]]
    pairs = [
        ("w3lib.url.canonicalize_url", canonicalize_url, "w3lib"),
        ("urlcanon.whatwg", lambda u: str(urlcanon.whatwg(u)), "uc-whatwg"),
    ]
    print("\n| per URL, this process | µs | urlscope.normalize, same profile | µs | urlscope is |")
    print("|---|---:|---|---:|---:|")
    for name, f, p in pairs:
        t_ref = best(lambda: [f(u) for u in piece], runs=3) / len(piece)
        t_us = best(lambda: urlscope.normalize(text, p)) / n
        print(f"| {name} | {t_ref * 1e6:.2f} | '{p}' (Arrow string) | {t_us * 1e6:.3f} | {t_ref / t_us:.0f}× faster |")

    if a.spark:
        spark_bench(urls, a.slice)
    os.unlink(path)


def spark_bench(urls, slice_n):
    from pyspark.sql import SparkSession
    from pyspark.sql.functions import udf
    from pyspark.sql.types import StringType, StructField, StructType

    os.environ["PYSPARK_PYTHON"] = sys.executable
    spark = (
        SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false").getOrCreate()
    )
    rows = [(u.decode(),) for u in urls]
    df = spark.createDataFrame(rows, "url string").repartition(2).cache()
    df.count()

    def arrow_fn(batches):
        for b in batches:
            yield pa.RecordBatch.from_arrays([urlscope.normalize(b.column("url"), "w3lib")], names=["norm"])

    schema = StructType([StructField("norm", StringType())])
    t_arrow = best(lambda: df.mapInArrow(arrow_fn, schema).write.format("noop").mode("overwrite").save(), runs=3, clock=time.perf_counter)

    def w3(u):
        from w3lib.url import canonicalize_url

        return canonicalize_url(u)

    w3_udf = udf(w3, StringType())
    # As many partitions as the urlscope run, so both use both cores.
    small = df.limit(slice_n * 4).repartition(2).cache()
    m = small.count()
    t_w3 = best(lambda: small.select(w3_udf("url")).write.format("noop").mode("overwrite").save(), runs=3, clock=time.perf_counter)
    n = len(rows)
    print("\n| Spark local[2] | rows | rows/s |")
    print("|---|---:|---:|")
    print(f"| mapInArrow + urlscope.normalize (w3lib profile) | {n} | {n / t_arrow:,.0f} |")
    print(f"| Python UDF + w3lib.canonicalize_url | {m} | {m / t_w3:,.0f} |")
    print(f"\nurlscope in Spark: {(n / t_arrow) / (m / t_w3):.0f}× the rows per second of the w3lib UDF")
    spark.stop()


if __name__ == "__main__":
    main()

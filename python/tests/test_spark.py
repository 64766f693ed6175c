"""PySpark in local mode: the `mapInArrow` recipe of docs/pipelines.md answers every profile on
both real URL lists exactly as `urlscope normalize` does. Skipped only where no JVM or PySpark is
present, unless URLSCOPE_REQUIRE_SPARK is set (CI sets it on a machine with a JVM)."""

import os
import shutil
import sys

import pyarrow as pa
import pytest
import urlscope
from conftest import LISTS, cli_normalize, url_list

if not os.environ.get("URLSCOPE_REQUIRE_SPARK"):
    if shutil.which("java") is None:
        pytest.skip("no JVM: the Spark test needs java", allow_module_level=True)
    pytest.importorskip("pyspark")

from pyspark.sql import SparkSession  # noqa: E402
from pyspark.sql.types import LongType, StringType, StructField, StructType  # noqa: E402


@pytest.fixture(scope="module")
def spark():
    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("urlscope-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    yield session
    session.stop()


def normalize_batches(profiles):
    """The recipe: one Arrow batch in, the same rows out with a column per profile."""

    def run(batches):
        for batch in batches:
            columns = [batch.column("id")] + [urlscope.normalize(batch.column("url"), p) for p in profiles]
            yield pa.RecordBatch.from_arrays(columns, names=["id"] + profiles)

    return run


@pytest.mark.parametrize("list_name", LISTS)
def test_spark_map_in_arrow(spark, list_name):
    profiles = urlscope.profiles()
    urls = [u.decode() for u in url_list(list_name)]
    df = spark.createDataFrame(list(enumerate(urls)), schema="id long, url string").repartition(4)
    schema = StructType([StructField("id", LongType())] + [StructField(p, StringType()) for p in profiles])
    rows = df.mapInArrow(normalize_batches(profiles), schema).orderBy("id").toArrow()
    assert rows.num_rows == len(urls)
    for p in profiles:
        assert rows.column(p).to_pylist() == [o.decode() for o in cli_normalize(list_name, p)], p

"""Each engine's recipe (docs/pipelines.md) gives, for every profile and both real URL lists,
exactly the answers of `urlscope normalize -p PROFILE` on the same list."""

import duckdb
import pandas as pd
import polars as pl
import pyarrow as pa
import urlscope
from conftest import cli_normalize, url_list


def texts(name: str) -> list[str]:
    return [u.decode() for u in url_list(name)]


def expected_texts(name: str, profile: str) -> list[str]:
    return [o.decode() for o in cli_normalize(name, profile)]


def test_pyarrow_binary_is_byte_identical(list_name, profile):
    values = pa.array(url_list(list_name), pa.binary())
    assert urlscope.normalize(values, profile).to_pylist() == cli_normalize(list_name, profile)


def test_pandas(list_name, profile):
    df = pd.DataFrame({"url": texts(list_name)})
    # The recipe: through Arrow and back, keeping the frame's index.
    df["norm"] = urlscope.normalize(pa.array(df["url"]), profile).to_pandas()
    assert df["norm"].tolist() == expected_texts(list_name, profile)


def test_polars(list_name, profile):
    df = pl.DataFrame({"url": texts(list_name)})
    out = df.with_columns(
        pl.col("url")
        .map_batches(lambda s: pl.Series(urlscope.normalize(s, profile)), return_dtype=pl.String)
        .alias("norm")
    )
    assert out["norm"].to_list() == expected_texts(list_name, profile)


def udf_name(profile: str) -> str:
    return "urlscope_" + profile.replace("-", "_")


def normalizer(profile: str):
    """A one-argument function for DuckDB (which counts a default argument as a parameter)."""
    return lambda urls: urlscope.normalize(urls, profile)


def test_duckdb(list_name):
    con = duckdb.connect()
    for p in urlscope.profiles():
        con.create_function(
            udf_name(p),
            normalizer(p),
            [duckdb.sqltype("VARCHAR")],
            duckdb.sqltype("VARCHAR"),
            type="arrow",
        )
    urls = pa.table({"id": pa.array(range(len(url_list(list_name))), pa.int64()), "url": texts(list_name)})
    con.register("urls", urls)
    columns = ", ".join(f"{udf_name(p)}(url) AS {udf_name(p)}" for p in urlscope.profiles())
    got = con.sql(f"SELECT {columns} FROM urls ORDER BY id").to_arrow_table()
    for p in urlscope.profiles():
        assert got.column(udf_name(p)).to_pylist() == expected_texts(list_name, p), p


def test_duckdb_keeps_nulls():
    con = duckdb.connect()
    con.create_function("urlscope_whatwg", lambda u: urlscope.normalize(u, "whatwg"), ["VARCHAR"], "VARCHAR", type="arrow")
    rows = con.execute("SELECT urlscope_whatwg(u) FROM (VALUES ('HTTP://A.com'), (NULL)) t(u)").fetchall()
    assert rows == [("http://a.com/",), (None,)]

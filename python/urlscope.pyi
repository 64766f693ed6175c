"""urlscope's URL core for data pipelines: Arrow-native normalize, key, same and get; explain and
extract for one text.

normalize, key, same and get take a str or bytes (one answer), a list of str or bytes, or an Arrow array or
stream of string or binary type (anything with ``__arrow_c_array__`` or ``__arrow_c_stream__``:
pyarrow, Polars, DuckDB, …), and answers in the same shape: str for str, bytes for bytes, a
pyarrow Array for an array or a list, a pyarrow ChunkedArray for a stream; same length, nulls
kept, string for string and binary for binary. The work runs with the GIL released.
"""

from typing import Any, Literal, Mapping, Protocol, Sequence, TypedDict, Union, overload

import pyarrow as pa

__version__: str

class _ArrowArray(Protocol):
    def __arrow_c_array__(self, requested_schema: object = ...) -> tuple[object, object]: ...

class _ArrowStream(Protocol):
    def __arrow_c_stream__(self, requested_schema: object = ...) -> object: ...

_Sequence = Union[Sequence[str | None], Sequence[bytes | None]]
_HostAliases = Union[Mapping[str, str], Mapping[bytes, bytes], str, bytes]
_PdfState = Literal["once", "unencoded", "twice"]

@overload
def normalize(values: str, profile: str, *, base: str | bytes | None = ..., pdf_state: _PdfState = ..., host_aliases: _HostAliases | None = ...) -> str: ...
@overload
def normalize(values: bytes, profile: str, *, base: str | bytes | None = ..., pdf_state: _PdfState = ..., host_aliases: _HostAliases | None = ...) -> bytes: ...
@overload
def normalize(values: _ArrowStream, profile: str, *, base: str | bytes | None = ..., pdf_state: _PdfState = ..., host_aliases: _HostAliases | None = ...) -> pa.ChunkedArray: ...
@overload
def normalize(values: _ArrowArray | _Sequence, profile: str, *, base: str | bytes | None = ..., pdf_state: _PdfState = ..., host_aliases: _HostAliases | None = ...) -> pa.Array: ...
def normalize(values: Any, profile: str, **options: Any) -> Any:
    """Normalize each value under a profile, as ``urlscope normalize -p PROFILE`` does.

    >>> urlscope.normalize("HTTP://Example.COM:80/a/./b", "rfc3986")
    'http://example.com/a/b'
    >>> urlscope.normalize(pa.array(["HTTP://A.com/%7e", None]), "whatwg").to_pylist()
    ['http://a.com/%7e', None]

    Raises ValueError for an unknown profile or pdf_state (naming the valid ones), TypeError for
    an unknown option or values of another type.
    """

@overload
def key(values: str, profile: str, **options: Any) -> str: ...
@overload
def key(values: bytes, profile: str, **options: Any) -> bytes: ...
@overload
def key(values: _ArrowStream, profile: str, **options: Any) -> pa.ChunkedArray: ...
@overload
def key(values: _ArrowArray | _Sequence, profile: str, **options: Any) -> pa.Array: ...
def key(values: Any, profile: str, **options: Any) -> Any:
    """The key two values share exactly when ``same`` calls them the same under the profile.

    >>> urlscope.key(["http://a.com:80/", "HTTP://A.COM/"], "rfc3986").to_pylist()
    ['http://a.com/', 'http://a.com/']
    """

@overload
def same(a: str | bytes, b: str | bytes, profile: str, **options: Any) -> bool: ...
@overload
def same(a: Any, b: Any, profile: str, **options: Any) -> pa.BooleanArray: ...
def same(a: Any, b: Any, profile: str, **options: Any) -> Any:
    """Whether ``a[i]`` and ``b[i]`` are the same URL under the profile (null where either is null).

    >>> urlscope.same("http://a.com/%7euser", "http://A.com/~user", "rfc3986")
    True
    """

@overload
def get(values: str, template: str, profile: str = "none") -> str | None: ...
@overload
def get(values: bytes, template: str, profile: str = "none") -> bytes | None: ...
@overload
def get(values: _ArrowStream, template: str, profile: str = "none") -> pa.ChunkedArray: ...
@overload
def get(values: _ArrowArray | _Sequence, template: str, profile: str = "none") -> pa.Array: ...
def get(values: Any, template: str, profile: str = "none") -> Any:
    """Fill a template for each value, as ``urlscope get TEMPLATE -p PROFILE`` does.

    Placeholders: ``{scheme}`` ``{user}`` ``{password}`` ``{options}`` ``{host}`` ``{port}``
    ``{path}`` ``{query}`` ``{fragment}`` ``{url}`` (decoded; ``{:NAME}`` as written),
    ``{query:NAME}``, ``{query-all:NAME}``, ``{default:port}``, ``{puny:host}``, ``{idn:host}``,
    ``{registrable}``, ``{suffix}``, ``{target}``, ``{profile:NAME}``, ``{as:FORM}`` (a copy form
    of ``profile``'s answer); ``[NAME]`` too. An absent part is empty; a ``{must:NAME}`` the URL
    has no part for makes that answer null (None for a str or bytes).

    >>> urlscope.get("https://a.example.co.uk:8080/p?k=v", "{host} {port} {registrable} {query:k}")
    'a.example.co.uk 8080 example.co.uk v'
    >>> urlscope.get(pa.array(["http://h/", "http://h:81/", None]), "{must:port}").to_pylist()
    [None, '81', None]

    Raises ValueError for a template that does not compile (naming the placeholder) or an unknown
    profile, and for a string column whose answer is not UTF-8 (pass binary).
    """

def explain(url: str | bytes, profile: str = "rfc1738", *, base: str | bytes | None = ..., pdf_state: _PdfState = ..., host_aliases: _HostAliases | None = ...) -> dict[str, Any]:
    """The document of ``urlscope explain --json -p PROFILE`` for one URL, as Python objects.

    Keys: ``input``, ``profile``, ``profile_label``, ``classification``, ``base``,
    ``pdf_state``, ``spans``, ``components``, ``segments``, ``params``, ``query_pairs``,
    ``semicolon_pair_separator``, ``query_table``, ``areatags``, ``units``, ``class_texts``,
    ``hint_texts``, ``warnings``, ``errors``, ``steps``, ``output``, ``diff`` (docs/cli.md).
    Octets that are not UTF-8 are ``{"hex": "…"}``. The query table's tracking parameters are
    the built-in list.

    >>> d = urlscope.explain("HTTP://Example.COM/%7e", "rfc3986")
    >>> d["output"], [s["id"] for s in d["steps"] if s["edits"]]
    ('http://example.com/~', ['uppercase-hex', 'decode-unreserved', 'lowercase-scheme-host'])
    """

def profiles() -> list[str]:
    """The profiles' names in the registry's order (the command line's ``-p`` names)."""

class _Link(TypedDict):
    url: str | dict[str, str]
    line: int
    source: Literal["text", "html-href", "html-src", "header"]
    text: str | None
    target: str
    host: str | None
    registrable: str | None
    registrable_ascii: str | None
    findings: list[str]
    repairs: list[Literal["base64-trailing-text", "qp-in-7bit", "qp-in-text", "html-in-text"]]
    may_continue: str | dict[str, str] | None

def extract(text: str | bytes, kind: Literal["mail", "html", "text"] | None = None) -> list[_Link]:
    """Every link in a message, an HTML page or text: the objects of ``urlscope extract --json``.

    ``registrable_ascii`` is the registrable domain in ASCII (punycode); ``repairs`` names how
    the text was repaired before it was read (``base64-trailing-text``, ``qp-in-7bit``,
    ``qp-in-text``, ``html-in-text``); ``may_continue`` is the link joined with the start of the
    next line when hard wrapping may have cut it (the ``may-continue`` finding), else None.

    >>> [l["url"] for l in urlscope.extract("see <https://a.com/x> and www.b.org.")]
    ['https://a.com/x', 'www.b.org']
    """

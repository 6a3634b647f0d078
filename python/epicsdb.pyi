"""Type stub of the compiled module epicsdb (python/src): load, expand and validate EPICS IOC
databases with the C++ library of epicsdb. The docstrings of the module itself say more."""

import os
from collections.abc import Iterable, Iterator, Mapping
from typing import Literal, Optional, TypedDict, TypeVar, Union, overload

__version__: str

_T_co = TypeVar("_T_co", covariant=True)
_D = TypeVar("_D")

_Path = Union[str, bytes, os.PathLike[str], os.PathLike[bytes]]
_Paths = Union[_Path, Iterable[_Path], None]
# A dict (values taken literally; None undefines) or an EPICS string "a=1,b=2".
_Macros = Union[Mapping[str, Optional[str]], str, None]

class Error(Exception):
    """Base class of the errors epicsdb raises."""

class LoadError(Error):
    """A load reported errors; str() is the first one, "file:line:column: error: message"."""

    diagnostics: list[Diagnostic]
    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None: ...

class MacroError(Error):
    """expand_macros met an undefined or recursive macro, or a bound."""

    text: str
    messages: list[str]
    def __init__(self, message: str, text: str = ..., messages: Iterable[str] = ...) -> None: ...

class MsiError(Error):
    """msi stopped with an error (or found undefined macros with strict=True)."""

    text: str
    messages: list[str]
    def __init__(self, message: str, text: str = ..., messages: Iterable[str] = ...) -> None: ...

class Diagnostic:
    """One problem a load reported; str() is "file:line:column: severity: message"."""

    @property
    def severity(self) -> Literal["error", "warning", "note"]: ...
    @property
    def code(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def file(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def notes(self) -> tuple[str, ...]: ...
    @property
    def context(self) -> tuple[tuple[str, str, int, int], ...]:
        """(relation, file, line, column), innermost first."""
    @property
    def source_line(self) -> str: ...
    @property
    def text(self) -> str:
        """The whole diagnostic as `epicsdb check` prints it."""

# What Record.provenance returns: plain dicts and lists at run time (these TypedDicts exist
# for type checkers only), with the data of the C++ FieldProvenance and RecordProvenance.

class Location(TypedDict):
    file: str
    line: int
    column: int  # 0: not known

class MacroUse(TypedDict):
    """One macro reference and what it gave."""

    name: str
    value: str
    written: str  # its definition as written, before expansion ("$(SYS):")
    # "load argument", "substitution set", "pattern row", "global", "script variable",
    # "environment", "default" or "undefined"
    origin: str
    location: Optional[Location]  # where the definition is
    row: int  # a pattern row's number (1-based), else 0
    detail: str  # the command or block that gave it
    inner: list[MacroUse]  # references inside the definition

class LoadStep(TypedDict):
    """One step of how a file was reached, innermost first."""

    relation: str  # "included from", "template loaded by substitution set at", a command
    file: str
    line: int
    column: int
    text: str
    command: bool  # a startup-script line (text: the command as run)
    macros: list[MacroUse]  # a script line's references (epicsEnvSet variables, ...)

class Statement(TypedDict):
    """One statement that defined, extended or set something."""

    file: str
    line: int
    column: int
    keyword: str  # record, grecord, field, info, alias
    text: str  # the statement as the file has it
    written: str  # its value (or record name) argument as written, before expansion
    value: str  # the same expanded, as the database got it
    macros: list[MacroUse]
    chain: list[LoadStep]

class FieldProvenance(TypedDict):
    record: str
    field: str
    value: str
    set: bool  # False: the record type's default
    statements: list[Statement]  # every statement that set it, in load order: the last won
    defined_at: Optional[Location]  # the field's definition in the .dbd

class RecordProvenance(TypedDict):
    name: str
    type: str
    definitions: list[Statement]  # record, grecord, record("*", ...), in load order
    aliases: list[Statement]
    infos: list[Statement]

class Record:
    """One record of a Database (aliases lead to it); it keeps its Database alive."""

    @property
    def name(self) -> str: ...
    @property
    def type(self) -> str: ...
    @property
    def fields(self) -> dict[str, Optional[str]]:
        """The fields its files set, in definition order (a new dict), as `epicsdb dump`
        writes them."""
    def get(self, field: str) -> Optional[str]:
        """Any field of the record type, set or its default; KeyError for an unknown field."""
    @property
    def aliases(self) -> tuple[str, ...]: ...
    @property
    def info(self) -> dict[str, str]: ...
    @property
    def location(self) -> Optional[tuple[str, int]]: ...
    @overload
    def provenance(self) -> RecordProvenance:
        """Where the record was defined and extended, and its aliases and info items."""
    @overload
    def provenance(self, field: str, /) -> FieldProvenance:
        """Where the field's value came from; KeyError for a field the type lacks."""

class RecordType:
    """A record type of the definitions."""

    @property
    def name(self) -> str: ...
    @property
    def fields(self) -> tuple[str, ...]: ...
    @property
    def devices(self) -> tuple[str, ...]: ...

class _RecordsIterable(Iterable[_T_co]):
    def __iter__(self) -> Iterator[_T_co]: ...
    def __len__(self) -> int: ...

class Records(Mapping[str, Record]):
    """name -> Record; an alias's name gives its record; iteration and len() count records."""

    def __getitem__(self, name: str) -> Record: ...
    def __iter__(self) -> Iterator[str]: ...
    def __len__(self) -> int: ...
    def __contains__(self, name: object) -> bool: ...
    @overload
    def get(self, name: str) -> Optional[Record]: ...
    @overload
    def get(self, name: str, default: _D) -> Union[Record, _D]: ...
    def keys(self) -> _RecordsIterable[str]: ...  # type: ignore[override]
    def values(self) -> _RecordsIterable[Record]: ...  # type: ignore[override]
    def items(self) -> _RecordsIterable[tuple[str, Record]]: ...  # type: ignore[override]

class Database:
    """Definitions and records; Database() is an empty one (no definitions)."""

    def __init__(self) -> None: ...
    @property
    def records(self) -> Records: ...
    @property
    def record_types(self) -> Mapping[str, RecordType]: ...
    @property
    def menus(self) -> Mapping[str, tuple[str, ...]]: ...
    @property
    def diagnostics(self) -> list[Diagnostic]: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Record]: ...
    def load(
        self,
        *paths: _Path,
        dbd: _Paths = None,
        macros: _Macros = None,
        include: _Paths = None,
        env: Optional[Mapping[str, str]] = None,
    ) -> None: ...
    def to_db(self, *, level: int = 0, record_type: Optional[str] = None) -> str: ...
    def to_json(
        self, *, all_fields: bool = False, sources: bool = False, record_type: Optional[str] = None
    ) -> str: ...

def load(
    *paths: _Path,
    dbd: _Paths = None,
    macros: _Macros = None,
    include: _Paths = None,
    env: Optional[Mapping[str, str]] = None,
) -> Database: ...
def check(
    *paths: _Path,
    dbd: _Paths = None,
    macros: _Macros = None,
    include: _Paths = None,
    env: Optional[Mapping[str, str]] = None,
) -> list[Diagnostic]: ...
def expand_macros(text: str, macros: _Macros = None, *, env: bool = False, strict: bool = True) -> str: ...
def parse_macros(text: str) -> dict[str, Optional[str]]: ...
def msi(
    path: _Path,
    macros: _Macros = None,
    include: _Paths = None,
    *,
    strict: bool = False,
    global_scope: bool = False,
) -> str: ...

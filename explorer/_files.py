"""Reading and writing the explorer's files safely: atomic saves, and JSON that cannot crash us.

Every file the explorer writes (saved games, board sessions) goes through :func:`write_text`:
the text is written to a temporary file beside the target and moved over it in one step, so a
failure (a full disk, no permission, a missing folder) leaves the previous file as it was and
raises :class:`~explorer.SaveError`. Every JSON file it reads goes through :func:`read_json`, which
turns each way a file can be bad (missing, a folder, not UTF-8, not JSON, nested too deep, a number
too long to read) into the caller's explorer error, with a message of bounded length.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_text(folder / "a.json", '{"x": 1}').name
'a.json'
>>> read_json(folder / "a.json", "record", ValueError)
{'x': 1}
>>> try:
...     write_text(folder / "no-such-folder" / "a.json", "{}")
... except SaveError as e:
...     print(str(e).split(":")[-1].strip())
the folder does not exist

The temporary file of a save that was killed half-way (a kernel stopped mid-write) is removed by
the next save or listing in its folder, once it is older than any save can take
(:data:`STALE_TEMP_SECONDS`): :func:`clean_temporaries`.
"""

from __future__ import annotations

import errno
import json
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from ._errors import ExplorerError, SaveError, cut, shorten

__all__ = ["write_text", "read_text", "read_json", "parse_json", "clean_temporaries",
           "MAX_FILE_BYTES", "STALE_TEMP_SECONDS"]

MAX_FILE_BYTES = 64 * 1024 * 1024
"""Largest file the explorer reads (a saved game or a data file is far smaller)."""

_REASONS = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
            errno.EACCES: "permission denied", errno.EPERM: "permission denied",
            errno.ENOENT: "the folder does not exist", errno.EROFS: "the disk is read-only",
            errno.EISDIR: "it is a folder", errno.ENOTDIR: "a part of the path is not a folder",
            errno.ENAMETOOLONG: "the file name is too long", errno.EINVAL: "the name is not allowed "
            "by this computer's file system", errno.EILSEQ: "the name has characters this "
            "computer's file system cannot store"}

STALE_TEMP_SECONDS = 300
"""Age after which a temporary file of :func:`write_text` is a leftover (a save takes far less)."""
_TEMP_PREFIX, _TEMP_SUFFIX = ".", ".tmp"
_TEMP_NAME = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp\Z", re.S)
"""The names :func:`write_text` gives its temporary files (``.<target>.<8 random>.tmp``)."""


def _reason(err: OSError) -> str:
    return _REASONS.get(err.errno, err.strerror or type(err).__name__)


def _as_path(path: Any, what: str, error: type[ExplorerError]) -> Path:
    if isinstance(path, Path):
        return path
    if isinstance(path, str) and path and "\0" not in path:
        return Path(path)
    raise error(f"{what}: a file is named by a path (text or pathlib.Path), not {shorten(path, 60)}")


def write_text(path: Any, text: str) -> Path:
    """Write ``text`` to ``path`` atomically (temporary file beside it, then one rename).

    Every failure is a :class:`~explorer.SaveError` saying why, and leaves neither a partial file
    nor the temporary one; leftover temporary files of earlier, killed saves are removed."""
    target = _as_path(path, "cannot save", SaveError)
    where = cut(str(target))
    try:
        data = text.encode("utf-8")
        if target.is_dir():
            raise SaveError(f"cannot save to {where}: it is a folder")
        folder = target.parent
        if not folder.is_dir():
            raise SaveError(f"cannot save to {where}: the folder does not exist")
    except SaveError:
        raise
    except OSError as e:                    # a name too long, a path through a file, ...
        raise SaveError(f"cannot save to {where}: {_reason(e)}") from None
    except ValueError:                      # text or a name that is not valid Unicode
        raise SaveError(f"cannot save to {where}: the name or the text holds characters that "
                        "cannot be written") from None
    clean_temporaries(folder)
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{_TEMP_PREFIX}{target.name}.", suffix=_TEMP_SUFFIX,
                                   dir=folder)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if target.exists():
            try:
                os.chmod(tmp, target.stat().st_mode & 0o777)
            except OSError:
                pass
        else:
            os.chmod(tmp, 0o644)
        os.replace(tmp, target)
        tmp = None
    except OSError as e:
        raise SaveError(f"cannot save to {where}: {_reason(e)}") from None
    except ValueError:
        raise SaveError(f"cannot save to {where}: the name holds characters that cannot be "
                        "written") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return target


def clean_temporaries(folder: Any, older_than: float = STALE_TEMP_SECONDS) -> list[str]:
    """Remove the temporary files :func:`write_text` left in ``folder`` (a save killed before
    its rename) that are older than ``older_than`` seconds; return their names. Other files,
    and the temporary file of a save still under way, are left alone; nothing here raises.

    >>> import tempfile, pathlib, os
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> left = folder / ".game.json.k2j4_x9a.tmp"
    >>> _ = left.write_text("{"); os.utime(left, (1, 1))
    >>> _ = (folder / "notes.tmp").write_text("mine")
    >>> clean_temporaries(folder), sorted(p.name for p in folder.iterdir())
    (['.game.json.k2j4_x9a.tmp'], ['notes.tmp'])
    """
    removed: list[str] = []
    limit = time.time() - older_than
    try:
        entries = list(os.scandir(folder))
    except (OSError, ValueError, TypeError):
        return removed
    for entry in entries:
        try:
            if (_TEMP_NAME.match(entry.name) and entry.is_file(follow_symlinks=False)
                    and entry.stat(follow_symlinks=False).st_mtime < limit):
                os.unlink(entry.path)
                removed.append(entry.name)
        except OSError:
            continue
    return removed


def read_text(path: Any, what: str, error: type[ExplorerError]) -> str:
    """The UTF-8 text of a file, or ``error`` saying why it cannot be read."""
    p = _as_path(path, f"cannot read the {what}", error)
    name = cut(str(p))
    try:
        if p.is_dir():
            raise error(f"{name}: this is a folder, not a {what} file")
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise error(f"{name}: {size} bytes is far too large for a {what} file")
        raw = p.read_bytes()
    except FileNotFoundError:
        raise error(f"{name}: there is no such {what} file") from None
    except OSError as e:
        raise error(f"{name}: cannot read the {what} file ({_reason(e)})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise error(f"{name}: not a UTF-8 text file (byte {e.start} is {raw[e.start]:#04x}); "
                    f"a {what} file is UTF-8 JSON") from None


def parse_json(text: str, origin: str, error: type[ExplorerError]) -> Any:
    """Parse JSON text, turning every failure into ``error`` naming ``origin``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise error(f"{origin}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except RecursionError:
        raise error(f"{origin}: the JSON is nested too deeply to be a game file") from None
    except ValueError as e:               # e.g. an integer with more digits than Python reads
        raise error(f"{origin}: the JSON holds a value that cannot be read ({shorten(str(e), 120)})"
                    ) from None


def read_json(path: Any, what: str, error: type[ExplorerError]) -> Any:
    """Read and parse a JSON file (see :func:`read_text` and :func:`parse_json`)."""
    text = read_text(path, what, error)
    return parse_json(text, cut(str(path)), error)

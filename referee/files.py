"""Writing a file the table asked for (a position, a board snapshot): whole or not at all."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["write_whole"]


def write_whole(target: Path, text: str) -> None:
    """Write `text` to `target` under a temporary name, then rename it into place, so a half-written file never
    appears under its name. A target that is not a regular file (/dev/null, a pipe) is written to, never replaced:
    a rename would put a plain file where the device was. OSError when it cannot be written."""
    target = Path(target)
    if target.exists() and not target.is_file():
        if target.is_dir():
            raise IsADirectoryError(21, "Is a directory", str(target))
        with open(target, "w", encoding="utf-8") as out:
            out.write(text)
        return
    tmp = target.with_name(f".{target.name}.{os.getpid()}.writing")
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise

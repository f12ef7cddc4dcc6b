"""The browser's storage for the app: ``window.localStorage`` behind the app's storage protocol, or
memory where the page may not keep anything (a frame on another site with third-party storage blocked)."""
from __future__ import annotations

from ..ui.storage import QuotaError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any   # a JavaScript object through Pyodide's proxies


class LocalStorage:
    """The storage protocol over ``window.localStorage`` (a quota error becomes :class:`QuotaError`)."""

    persistent = True          # what is stored here is still there on the next visit

    def __init__(self, ls: Any) -> None:
        self.ls = ls

    def get(self, key: str) -> str | None:
        v = self.ls.getItem(key)
        return v if isinstance(v, str) else None      # JS null arrives as None or pyodide's jsnull

    def set(self, key: str, value: str) -> None:
        try:
            self.ls.setItem(key, value)
        except Exception as exc:  # JsException: QuotaExceededError (or storage disabled)
            text = str(exc)
            if "Quota" in text or "quota" in text or "exceeded" in text:
                raise QuotaError(text) from None
            raise

    def remove(self, key: str) -> None:
        self.ls.removeItem(key)

    def keys(self) -> list[str]:
        n = int(self.ls.length)
        keys = (self.ls.key(i) for i in range(n))
        return [k for k in keys if isinstance(k, str)]


class MemoryStorage:
    """Fallback when localStorage is unavailable (private mode, blocked storage): lost with the page."""

    persistent = False

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


def open_storage(window: Any) -> LocalStorage | MemoryStorage:
    """localStorage if the browser lets this page use it, else a :class:`MemoryStorage` (``persistent``
    says which).  Reading the property, listing or writing may throw (SecurityError) where storage is
    denied; a write refused only because the storage is full still means localStorage (its saves are
    there).  If it can be read but not written, the memory copy starts with what it holds."""
    try:
        storage = LocalStorage(window.localStorage)
        keys = storage.keys()
    except Exception:
        return MemoryStorage()
    probe = "boardshelf:probe"
    try:
        storage.set(probe, "1")
        storage.remove(probe)
    except QuotaError:
        pass
    except Exception:
        data = {}
        for k in keys:
            try:
                v = storage.get(k)
            except Exception:
                continue
            if v is not None:
                data[k] = v
        return MemoryStorage(data)
    return storage

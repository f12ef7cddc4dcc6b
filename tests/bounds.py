"""Bounds on waits that could otherwise last forever (issue 33 item 7), and a test that names itself when it hangs.

Session 26 saw an xdist worker stop for good inside a Playwright call: Playwright's event loop idle in
``EpollSelector.select`` with no timeout, waiting for an answer that never came (``page.evaluate`` of a promise that
never settles, a DevTools ``send``, ``context.close`` have no timeout of their own), and ``-q`` did not say which
test.  Three things here, used by ``tests/conftest.py`` and ``tests/browser/harness.py``:

* :func:`bound`: a block that must end within a number of seconds, else :class:`BoundExceeded` (or the exception
  given) is raised in it.  SIGALRM, in the main thread: the signal ends the select Playwright waits in, and
  Playwright (1.65: ``sync_api/_context_manager.py``'s ``greenlet_main``) raises the handler's exception in the
  test's greenlet at the call that waits, aborts that call and keeps its connection, so the next call works (proved
  by tests/browser/test_bounds.py).  Bounds nest: one timer, armed for the earliest deadline.  Outside the main
  thread (and where there is no SIGALRM) a block runs unbounded.
* :class:`Watch`: a thread that, when a test has run ``name_s`` seconds, writes the test's id, its phase and where
  it waits to the worker's stderr (the stacks of every thread and of every suspended greenlet: the test's own
  frames are in the greenlet Playwright switched away from, which a thread dump such as pytest's
  ``faulthandler_timeout`` or ``py-spy`` does not show), and at ``exit_s`` ends the worker (``os._exit``): the
  last resort when even the whole-test bound did not end the test.  tests/conftest.py sets
  ``--max-worker-restart 0`` so xdist then stops the run with the test named as crashed (xdist 3.8.0's
  ``loadgroup`` waits forever after replacing a crashed worker: pytest-xdist issues 1323, 1327, 1378).
"""
from __future__ import annotations

import gc
import os
import signal
import sys
import threading
import time
import traceback
from contextlib import contextmanager
from typing import Callable, Iterator


class BoundExceeded(TimeoutError):
    """A block run under :func:`bound` ran past its bound."""


class _Deadline:
    __slots__ = ("at", "make")

    def __init__(self, at: float, make: Callable[[], BaseException]):
        self.at, self.make = at, make


_DEADLINES: list[_Deadline] = []


def _arm() -> None:
    if _DEADLINES:
        signal.setitimer(signal.ITIMER_REAL, max(min(d.at for d in _DEADLINES) - time.monotonic(), 0.001))
    else:
        signal.setitimer(signal.ITIMER_REAL, 0)


def _expired(_signum, _frame) -> None:
    now = time.monotonic()
    due = [d for d in _DEADLINES if d.at <= now + 0.001]
    if not due:
        _arm()
        return
    first = min(due, key=lambda d: d.at)
    _DEADLINES.remove(first)
    _arm()
    raise first.make()


def usable() -> bool:
    """Whether :func:`bound` bounds here (SIGALRM exists and this is the main thread)."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def bound(seconds: float, what: str, make: Callable[[str], BaseException] | None = None) -> Iterator[None]:
    """Run the block for at most ``seconds``; past that, raise ``make(message)`` in it (default
    :class:`BoundExceeded`) at the line it is at (a Playwright call that waits is aborted)."""
    if not usable():
        yield
        return
    if signal.getsignal(signal.SIGALRM) is not _expired:
        signal.signal(signal.SIGALRM, _expired)
    message = f"{what}: not done in {seconds:g} s"
    deadline = _Deadline(time.monotonic() + seconds, lambda: (make or BoundExceeded)(message))
    _DEADLINES.append(deadline)
    _arm()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if deadline in _DEADLINES:
            _DEADLINES.remove(deadline)
        _arm()


def stacks() -> str:
    """Every thread's stack, then every suspended greenlet's (where a sync Playwright call waits: the test's code)."""
    out = []
    names = {t.ident: t.name for t in threading.enumerate()}
    for ident, frame in sys._current_frames().items():
        out.append(f"--- thread {names.get(ident, ident)}\n" + "".join(traceback.format_stack(frame)))
    try:
        import greenlet
    except ImportError:
        return "".join(out)
    for obj in gc.get_objects():
        if isinstance(obj, greenlet.greenlet) and getattr(obj, "gr_frame", None) is not None:
            out.append(f"--- suspended greenlet {type(obj).__name__}\n" + "".join(traceback.format_stack(obj.gr_frame)))
    return "".join(out)


class Watch:
    """One thread per process watching the test that runs (see the module's docstring)."""

    def __init__(self, fd: int, name_s: float, exit_s: float, worker: str):
        self.fd, self.name_s, self.exit_s, self.worker = fd, name_s, exit_s, worker
        self.lock = threading.Condition()
        self.test: tuple[str, float] | None = None      # (node id, start)
        self.phase = ""
        self.named = False
        self.test_exit_s = exit_s
        threading.Thread(target=self._run, name="boardshelf-test-watch", daemon=True).start()

    def start(self, nodeid: str, exit_s: float | None = None) -> None:
        """A test begins (``exit_s``: its own time to end the worker, if later than the watch's)."""
        with self.lock:
            self.test, self.phase, self.named = (nodeid, time.monotonic()), "setup", False
            self.test_exit_s = max(self.exit_s, exit_s or 0)
            self.lock.notify()

    def stop(self) -> None:
        with self.lock:
            self.test = None
            self.lock.notify()

    def write(self, text: str) -> None:
        try:
            os.write(self.fd, text.encode("utf-8", "replace"))
        except OSError:
            pass

    def _run(self) -> None:
        while True:
            with self.lock:
                while self.test is None:
                    self.lock.wait()
                nodeid, t0 = self.test
                due = t0 + (self.test_exit_s if self.named else self.name_s)
                left = due - time.monotonic()
                if left > 0:
                    self.lock.wait(left)
                    continue
                phase, named = self.phase, self.named
                self.named = True
            ran = time.monotonic() - t0
            if not named:
                self.write(f"\n=== {self.worker}: {nodeid} has run {ran:.0f} s ({phase}); where it is (tests/bounds.py)"
                           f":\n{stacks()}=== end of {nodeid}'s stacks\n")
            else:
                self.write(f"\n=== {self.worker}: {nodeid} still runs after {ran:.0f} s ({phase}) and its bound did "
                           f"not end it: this worker ends now (tests/bounds.py)\n{stacks()}")
                os._exit(70)

"""Waking the main loop when the window has input, without polling the window.

pygame's event functions must run on the thread that opened the window, and pygame-ce's
`event.wait` is no sleep (it polls SDL every millisecond). So a watcher thread blocks in
`select` on what carries the window's input and only tells the loop that there is some; the
loop's own thread then reads it with `pygame.event.get`. What carries the input:
- under X11, the connection to the X server (its file descriptor, from Xlib);
- on the console (KMSDRM, the Pi's kiosk), the keyboards' evdev devices, which SDL reads
  itself: the watcher holds its own descriptors on them only to learn that a key moved,
  and throws its copies of the events away (the kernel hands every reader the same events).
Elsewhere (Wayland, macOS, Windows) `window_watch` returns None and the caller falls back to
reading the window on a tick.

After the loop read the window it calls `pumped()`, and only then does the watcher wait again:
X events already read into Xlib's own queue do not wake `select`, so the loop also reads
the window after each frame it draws (drawing talks to the X server, which may read them).
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import logging
import os
import select
import threading
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

EVDEV = Path("/dev/input")
RESCAN_SECONDS = 5.0  # a keyboard plugged in later is watched within this time
CONSOLE_DRIVERS = ("kmsdrm", "fbcon", "directfb", "evdev")


class WindowWatch:
    """A thread that calls `notify()` once the window has input, then waits for `pumped()`."""

    def __init__(self, notify: Callable[[], None], x_fd: int | None, evdev: bool) -> None:
        self._notify = notify
        self._x_fd = x_fd
        self._evdev = evdev
        self._devices: dict[str, int] = {}  # evdev path -> our descriptor
        self._pumped = threading.Event()
        self._stop_r, self._stop_w = os.pipe()
        self._thread = threading.Thread(target=self._run, name="window-watch", daemon=True)

    @property
    def source(self) -> str:
        return "X server connection" if self._x_fd is not None else "evdev keyboards"

    def start(self) -> None:
        self._rescan()
        self._thread.start()

    def pumped(self) -> None:
        """The loop has read the window's events: watch for more."""
        self._pumped.set()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.write(self._stop_w, b"x")
        self._pumped.set()
        if self._thread.is_alive():
            self._thread.join(1.0)
        for fd in (*self._devices.values(), self._stop_r, self._stop_w):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._devices.clear()

    def _rescan(self) -> None:
        if not self._evdev:
            return
        try:
            names = {str(p) for p in EVDEV.glob("event*")}
        except OSError:
            names = set()
        for gone in set(self._devices) - names:
            with contextlib.suppress(OSError):
                os.close(self._devices.pop(gone))
        for path in sorted(names - set(self._devices)):
            try:
                self._devices[path] = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
            except OSError as exc:  # no permission (not in the input group) or just unplugged
                log.debug("cannot watch %s: %s", path, exc)

    def _drain(self, fd: int) -> None:
        try:
            while os.read(fd, 4096):
                pass
        except BlockingIOError:
            pass
        except OSError:  # unplugged: forget it
            for path, dev in list(self._devices.items()):
                if dev == fd:
                    with contextlib.suppress(OSError):
                        os.close(self._devices.pop(path))

    def _drop_closed(self) -> None:
        for path, fd in list(self._devices.items()):
            try:
                os.fstat(fd)
            except OSError:
                del self._devices[path]

    def _run(self) -> None:
        while True:
            fds = [self._stop_r, *self._devices.values()]
            if self._x_fd is not None:
                fds.append(self._x_fd)
            timeout = RESCAN_SECONDS if self._evdev else None
            try:
                ready, _, _ = select.select(fds, [], [], timeout)
            except (OSError, ValueError):
                if self._x_fd is not None:
                    return  # the display went: whoever reopens it starts a new watcher
                self._drop_closed()  # a keyboard unplugged: watch the others
                continue
            if self._stop_r in ready:
                return
            if not ready:
                self._rescan()
                continue
            for fd in ready:
                if fd != self._x_fd:
                    self._drain(fd)
            self._pumped.clear()
            self._notify()
            self._pumped.wait()


def x11_connection_fd() -> int | None:
    """The X server connection's descriptor of the open pygame window (None if not X11)."""
    import pygame

    if pygame.display.get_driver() != "x11":
        return None
    try:
        capsule = pygame.display.get_wm_info()["display"]
        get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
        get_pointer.restype = ctypes.c_void_p
        get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
        display = get_pointer(capsule, b"display")
        xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        xlib.XConnectionNumber.argtypes = [ctypes.c_void_p]
        xlib.XConnectionNumber.restype = ctypes.c_int
        fd = int(xlib.XConnectionNumber(display))
    except (KeyError, OSError, ValueError, AttributeError) as exc:
        log.warning("cannot find the X connection to wait on: %s", exc)
        return None
    return fd if fd >= 0 else None


def window_watch(notify: Callable[[], None], keyboard: bool) -> WindowWatch | None:
    """A watcher for the open window, or None where the window cannot be waited on
    (the caller then reads it on a tick) or need not be (the console without keyboards)."""
    import pygame

    driver = pygame.display.get_driver()
    if driver == "x11":
        fd = x11_connection_fd()
        return WindowWatch(notify, fd, evdev=False) if fd is not None else None
    if driver in CONSOLE_DRIVERS and keyboard and EVDEV.is_dir():
        return WindowWatch(notify, None, evdev=True)
    return None

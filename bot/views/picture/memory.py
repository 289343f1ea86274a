"""Keeping a drawn sheet's memory from staying with the bot for good.

A sheet is a 1280 px image plus its drawing layers and the PNG encoder's buffers:
some 30 MB that Pillow takes from ``malloc`` in the drawing thread and frees once the
PNG is written.  glibc serves big blocks with ``mmap`` and gives them back on ``free``,
but after the first such block is freed it raises its mmap threshold to that block's
size (the "dynamic threshold"), so the next sheet's buffers come from the thread's
arena, and an arena's free pages are not returned (``malloc_trim`` did not shrink it,
measured).  Measured on a 40-deal sheet drawn in a thread: +35 MiB resident for good
without this, +5.7 MiB with it; the sheet takes the same 80-86 ms.  A fixed threshold
(256 KiB, glibc's ``M_MMAP_THRESHOLD``) keeps every big buffer mmapped.  Neither
Pillow nor the standard library can set it, hence ctypes; elsewhere than glibc it
does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util

#: ``mallopt``'s parameter number of the mmap threshold (glibc's malloc.h).
M_MMAP_THRESHOLD = -3
#: Blocks of this size and more are always mmapped, so freeing one unmaps it.
THRESHOLD = 256 * 1024


def unmap_big_buffers() -> bool:
    """Fix glibc's mmap threshold (process-wide); False where there is no glibc."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):  # not glibc (musl, macOS)
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, THRESHOLD))

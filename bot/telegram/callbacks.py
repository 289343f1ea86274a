"""Button payloads: defined in :mod:`bot.views.callbacks`, re-exported here.

The views draw the buttons, and the views layer may not import this one
(``[tool.importlinter]`` in pyproject.toml), so the payloads live there.  The
handlers' filters read them under these names, which are also where the tests
and the benchmarks have always imported them from.
"""

from __future__ import annotations

from bot.views.callbacks import (
    CALLBACK_LIMIT,
    DEFENCES,
    MAX_ID,
    SUITS,
    BadCallback,
    Defence,
    EndCB,
    HelpCB,
    Kind,
    NewDealCB,
    SetupCB,
    SheetCB,
    SitCB,
    UndoAskCB,
    UndoCB,
    WizardCB,
    WizardData,
    WizardOp,
    b36,
    fits,
    from_b36,
)

#: The wizard's operations by their names before :class:`WizardOp` (the benchmarks
#: run on older checkouts too, and read ``callbacks.WRITE``).
SHOW, WRITE, CANCEL = WizardOp.SHOW, WizardOp.WRITE, WizardOp.CANCEL

__all__ = [
    "CALLBACK_LIMIT",
    "CANCEL",
    "DEFENCES",
    "MAX_ID",
    "SHOW",
    "SUITS",
    "WRITE",
    "BadCallback",
    "Defence",
    "EndCB",
    "HelpCB",
    "Kind",
    "NewDealCB",
    "SetupCB",
    "SheetCB",
    "SitCB",
    "UndoAskCB",
    "UndoCB",
    "WizardCB",
    "WizardData",
    "WizardOp",
    "b36",
    "fits",
    "from_b36",
]

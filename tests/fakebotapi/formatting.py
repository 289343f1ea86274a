"""Message text as Telegram stores it: HTML parse mode, trimming, command entities.

The bot sends every text with ``parse_mode=HTML``; Telegram parses it into plain text
plus entities and refuses unbalanced or unknown tags with ``can't parse entities``.
:func:`parse_html` does the same, so a markup mistake in a bot text fails a test here
instead of failing in a real chat.  Entity offsets and lengths are in UTF-16 code
units, as in the Bot API.
"""

from __future__ import annotations

import re
from typing import Any

from .errors import ApiError, bad

_HTML_ENTITY_RE = re.compile(r"&(?:(lt|gt|amp|quot)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));")
_HTML_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
# Telegram's attribute-free tags; a tag not listed here is refused like Telegram
# refuses an unsupported one.
_HTML_TAGS = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
}
_START_TAG_RE = re.compile(r"([a-zA-Z][a-zA-Z0-9-]*)(.*)$", re.S)
_COMMAND_RE = re.compile(r"(?<![\w/])/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?")


def u16(text: str) -> int:
    """Length of ``text`` in UTF-16 code units (the unit of Telegram entity offsets)."""
    return len(text.encode("utf-16-le")) // 2


def _parse_error(description: str) -> ApiError:
    return bad(f"can't parse entities: {description}")


def parse_html(source: str) -> tuple[str, list[dict[str, Any]]]:
    """Parse Telegram-flavoured HTML into ``(text, entities)`` like the Bot API does.

    Raises :class:`ApiError` with Telegram's ``can't parse entities`` message on
    unsupported or unbalanced tags (e.g. a bare ``<`` or a ``<br>``).

    >>> parse_html("<b>Score</b>: 5 &lt; 7")
    ('Score: 5 < 7', [{'type': 'bold', 'offset': 0, 'length': 5}])
    """
    out: list[str] = []
    pos16 = 0
    stack: list[tuple[str, dict[str, Any], int]] = []
    entities: list[dict[str, Any]] = []
    i = 0

    def byte_offset(index: int) -> int:
        return len(source[:index].encode("utf-8"))

    while i < len(source):
        ch = source[i]
        if ch == "<":
            end = source.find(">", i)
            if end < 0:
                raise _parse_error(
                    f"Can't find end of the tag starting at byte offset {byte_offset(i)}"
                )
            inner = source[i + 1 : end]
            if inner.startswith("/"):
                name = inner[1:].strip().lower()
                if not stack:
                    raise _parse_error(f"Unexpected end tag at byte offset {byte_offset(i)}")
                open_name, entity, start = stack.pop()
                if name and name != open_name:
                    raise _parse_error(
                        f"Unmatched end tag at byte offset {byte_offset(i)}, "
                        f'expected "</{open_name}>", found "</{name}>"'
                    )
                if pos16 > start:
                    entity["offset"] = start
                    entity["length"] = pos16 - start
                    entities.append(entity)
            else:
                match = _START_TAG_RE.match(inner)
                if match is None:
                    raise _parse_error(
                        f'Unsupported start tag "{inner}" at byte offset {byte_offset(i)}'
                    )
                name = match[1].lower()
                if name not in _HTML_TAGS:
                    raise _parse_error(
                        f'Unsupported start tag "{name}" at byte offset {byte_offset(i)}'
                    )
                stack.append((name, {"type": _HTML_TAGS[name]}, pos16))
            i = end + 1
            continue
        if ch == "&":
            match = _HTML_ENTITY_RE.match(source, i)
            if match is not None:  # html.escape() writes &#x27; for a quote
                if match[1]:
                    char = _HTML_NAMED[match[1]]
                else:
                    code = int(match[2]) if match[2] else int(match[3], 16)
                    char = chr(code) if 0 < code <= 0x10FFFF else "\ufffd"
                out.append(char)
                pos16 += u16(char)
                i = match.end()
                continue
        out.append(ch)
        pos16 += u16(ch)
        i += 1
    if stack:
        raise _parse_error(f'Can\'t find end tag corresponding to start tag "{stack[-1][0]}"')
    entities.sort(key=lambda e: (e["offset"], -e["length"]))
    return "".join(out), entities


def strip_text(text: str, entities: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """Trim surrounding whitespace (as Telegram does) and shift/clip the entities."""
    stripped = text.strip()
    if stripped == text:
        return text, entities
    lead16 = u16(text[: len(text) - len(text.lstrip())])
    total16 = u16(stripped)
    result = []
    for entity in entities:
        start = max(entity["offset"] - lead16, 0)
        end = min(entity["offset"] + entity["length"] - lead16, total16)
        if end > start:
            result.append({**entity, "offset": start, "length": end - start})
    return stripped, result


def command_entities(text: str) -> list[dict[str, Any]]:
    """The ``bot_command`` entities Telegram's clients attach to a typed message.

    >>> command_entities("/echo@pulka_test_bot hi")
    [{'offset': 0, 'length': 20, 'type': 'bot_command'}]
    """
    return [
        {"offset": u16(text[: m.start()]), "length": u16(m.group()), "type": "bot_command"}
        for m in _COMMAND_RE.finditer(text)
    ]

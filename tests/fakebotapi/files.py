"""Files: what the bot uploads (sendDocument, sendPhoto) and what it downloads (getFile).

An upload arrives as a multipart part named by ``attach://…``; it is recorded as an
:class:`UploadedFile` (the tests look at the bytes: the exported JSON, the PNG of the
sheet) and kept as a :class:`StoredFile` with a ``file_id``, so the bot can send it again
by ``file_id`` or download it, like the documents users send.  The download route
itself (``/file/bot{token}/{file_path}``) is served by :mod:`.server`.
"""

from __future__ import annotations

import copy
import mimetypes
import secrets
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import bad
from .messages import bot_message, formatted, inline_markup
from .params import chat_param

if TYPE_CHECKING:
    from .params import Files, Method, Params
    from .state import World

#: getFile refuses bigger files (the Bot API's download limit).
DOWNLOAD_LIMIT = 20 * 1024 * 1024


@dataclass
class UploadedFile:
    """A file the bot uploaded: ``field`` is ``"document"`` or ``"photo"``."""

    field: str
    filename: str
    content_type: str
    data: bytes
    chat_id: int | None = None
    file_id: str = ""
    message_id: int | None = None


@dataclass
class StoredFile:
    """A file known to the fake server, downloadable through getFile + the file route."""

    file_id: str
    file_unique_id: str
    data: bytes
    file_name: str
    mime_type: str
    file_path: str


class FileStore:
    """Every file the fake knows, by ``file_id``: users' documents and the bot's uploads."""

    def __init__(self, ids: Iterator[int]) -> None:
        self._ids = ids
        self._files: dict[str, StoredFile] = {}

    def add(self, data: bytes, filename: str, mime_type: str | None, *, kind: str) -> StoredFile:
        """Keep ``data`` under a new ``file_id``; the MIME type is guessed if not given."""
        n = next(self._ids)
        suffix = filename.rpartition(".")[2] if "." in filename else "bin"
        mime = mime_type
        if not mime or mime == "application/octet-stream":
            mime = mimetypes.guess_type(filename)[0] or mime or "application/octet-stream"
        stored = StoredFile(
            file_id=f"BQACAgIAAxkBAAI{n:06d}{secrets.token_urlsafe(18)}",
            file_unique_id=f"AgAD{n:06d}{secrets.token_hex(3)}",
            data=data,
            file_name=filename,
            mime_type=mime,
            file_path=f"{kind}/file_{n}.{suffix}",
        )
        self._files[stored.file_id] = stored
        return stored

    def get(self, file_id: str) -> StoredFile | None:
        return self._files.get(file_id)

    def at_path(self, file_path: str) -> StoredFile | None:
        """The file getFile gave this ``file_path`` to, for the download route."""
        return next((f for f in self._files.values() if f.file_path == file_path), None)


def document_obj(stored: StoredFile) -> dict[str, Any]:
    """The ``Document`` of a message carrying ``stored``."""
    return {
        "file_name": stored.file_name,
        "mime_type": stored.mime_type,
        "file_id": stored.file_id,
        "file_unique_id": stored.file_unique_id,
        "file_size": len(stored.data),
    }


def image_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG (the bot's pictures), else 320x320, for ``PhotoSize``."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    return 320, 320


def _upload(
    world: World, params: Params, files: Files, key: str
) -> tuple[StoredFile, UploadedFile | None]:
    """The file of ``params[key]``: a new upload (``attach://``) or a known ``file_id``."""
    value = params.get(key)
    if isinstance(value, str) and value.startswith("attach://"):
        upload = files.get(value.removeprefix("attach://"))
        if upload is None:
            raise bad(f"file {value} not found in the request")
    elif isinstance(value, str) and (known := world.files.get(value)) is not None:
        return known, None
    elif value:
        raise bad("wrong file identifier/HTTP URL specified")
    else:
        raise bad(f"there is no {key} in the request")
    upload.field = key
    kind = "photos" if key == "photo" else "documents"
    stored = world.files.add(upload.data, upload.filename, upload.content_type, kind=kind)
    upload.file_id = stored.file_id
    return stored, upload


def _send_file(world: World, key: str, params: Params, files: Files) -> Any:
    state = chat_param(world, params)
    caption, entities = formatted(params, "caption")
    inline = inline_markup(params)
    stored, upload = _upload(world, params, files, key)
    message = bot_message(world, state, params, inline)
    if key == "photo":
        width, height = image_size(stored.data)
        message["photo"] = [
            {
                "file_id": stored.file_id,
                "file_unique_id": stored.file_unique_id,
                "file_size": len(stored.data),
                "width": width,
                "height": height,
            }
        ]
    else:
        message["document"] = document_obj(stored)
    if caption:
        message["caption"] = caption
    if entities:
        message["caption_entities"] = entities
    state.messages[message["message_id"]] = message
    if upload is not None:
        upload.chat_id = state.id
        upload.message_id = message["message_id"]
        world.uploads.append(upload)
    return copy.deepcopy(message)


def send_document(world: World, params: Params, files: Files) -> Any:
    return _send_file(world, "document", params, files)


def send_photo(world: World, params: Params, files: Files) -> Any:
    return _send_file(world, "photo", params, files)


def get_file(world: World, params: Params, files: Files) -> Any:
    stored = world.files.get(str(params.get("file_id", "")))
    if stored is None:
        raise bad("invalid file_id")
    if len(stored.data) > DOWNLOAD_LIMIT:
        raise bad("file is too big")
    return {
        "file_id": stored.file_id,
        "file_unique_id": stored.file_unique_id,
        "file_size": len(stored.data),
        "file_path": stored.file_path,
    }


METHODS: dict[str, Method] = {
    "sendDocument": send_document,
    "sendPhoto": send_photo,
    "getFile": get_file,
}

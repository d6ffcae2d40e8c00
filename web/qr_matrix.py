"""A QR code of any text, for the page: text in, the symbol's dark and light modules out, as JSON text.

The share dialog shows its link as a QR code (js/qr-view.js draws it). This module and the generator it calls,
Project Nayuki's qrcodegen, are installed in the page's Python on the dialog's first opening (js/qr.js), never on
the boot path; build.py ships both under paths named by their content. It lives beside the page, not in the
rules: the rules wheel knows no browser and imports only the standard library.

The answer has the shape of the rules API's: ``{"ok": true, "result": {...}}`` or ``{"ok": false, "error":
{"kind", "message"}}``, the message in plain words for the page to show as it is.
"""

from __future__ import annotations

import json

from qrcodegen import DataTooLongError, QrCode

# Low: about 7% of the code words can be restored. A code on a screen carries no dirt or creases for the rest to
# make up for, and the lowest level gives the smallest symbol for a text: six combatants after ten resolutions make
# a version 19 code (93 modules a side) at Low, 22 (105) at Medium, so each module is drawn 13% larger on the same
# screen. qrcodegen still raises the level when the same version has room for a higher one.
ERROR_CORRECTION = QrCode.Ecc.LOW
MOST_BYTES = 2953   # a version 40 code at Low holds this many bytes, and no more


def matrix(text: str) -> str:
    """The QR code of ``text`` as JSON text: its version (1-40), its size in modules, its error correction level
    and its rows from the top, each a string of "1" (dark) and "0" (light) from the left, without the quiet zone.

    >>> answer = json.loads(matrix("Hello, world!"))["result"]
    >>> answer["version"], answer["size"], answer["rows"][0][:8]
    (1, 21, '11111110')
    """
    try:
        code = QrCode.encode_text(text, ERROR_CORRECTION)
    except DataTooLongError:
        size = len(text.encode("utf-8"))
        return json.dumps({"ok": False, "error": {"kind": "too_long", "message": (
            f"This link is too long for a QR code: {size:,} bytes, and a QR code holds at most {MOST_BYTES:,}.")}})
    size = code.get_size()
    rows = ["".join("1" if code.get_module(x, y) else "0" for x in range(size)) for y in range(size)]
    return json.dumps({"ok": True, "result": {
        "version": code.get_version(), "size": size,
        "error_correction": "LMQH"[code.get_error_correction_level().ordinal], "rows": rows}})

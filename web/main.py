"""PyScript entry: hand the rules API to the page's bridge (js/engine.js).

The rules package never touches the page; this file is the only Python that
does, and all it does is expose one function, ``woundbook.call`` (that is ``api.call``: method name and
JSON text in, JSON text out), then say that Python is ready.
"""

import js
from pyodide.ffi import create_proxy

from rules import api

bridge = js.Object.new()
bridge.call = create_proxy(api.call)
js.window.woundbook = bridge
js.window.dispatchEvent(js.CustomEvent.new("woundbook:python-ready"))

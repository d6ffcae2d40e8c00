"""The jobs of build.py, one module each; build.py is still the one entry point (`python3 build.py --help`).

- common: the repository's folders and the helpers every job uses (log, sha256, quiet tools, hashed paths)
- pins: the pinned runtimes and tools, fetched into .cache/ and checked against their sha256
- wheel: our rules wheel, zipped here, and its bytecode, compiled by the page's own Python
- stdlib: Pyodide's standard library, trimmed to what the page imports
- policy: the page's Content-Security-Policy, checked at build time
- page: the site put together (runtimes, wheel, bundled modules, QR code generator, service worker)
- serving: `serve`, the static server the browser tests and the bench use too
- testing: `test`, with .venv/, the Debian tools the browser tests drive, mypy and pytest
- bench: `bench`, which runs tests/bench.py in .venv/

Nothing here ships in the rules wheel: pyproject.toml's packages are `rules` alone.
"""

"""The highlighted source pages (``sphinx.ext.viewcode``'s ``_modules/``) as valid html.

viewcode marks each documented function in the highlighted code with a ``<div
class="viewcode-block">`` (and its ``[docs]`` link back) inside the ``<pre>``, where html
allows only phrasing content, and closes a block that runs to the module's last line
after the ``</pre>``. :func:`phrasing_blocks` turns those blocks into ``<span>`` elements
closed inside the ``<pre>`` (``regelwerk-site.css`` shows them as blocks, as before), on
``html-page-context``, before the page is written; Sphinx itself is left as it is.
"""

from __future__ import annotations

import re
from typing import Any

from sphinx.application import Sphinx
from sphinx.ext.viewcode import OUTPUT_DIRNAME

BLOCK = '<div class="viewcode-block" '
SPAN = '<span class="viewcode-block" '
_CLOSE = re.compile(r"</div>")
_WRAPPER_END = "</pre></div>"


def phrasing_blocks(body: str) -> str:
    """``body`` of a viewcode page with every viewcode block a ``span`` closed in its ``pre``."""
    start = body.find("<pre>")
    end = body.find("</pre>", start)
    if start < 0 or end < 0 or BLOCK not in body[start:end]:
        return body
    inside = body[start:end]
    opened = inside.count(BLOCK)
    inside, closed = _CLOSE.subn("</span>", inside.replace(BLOCK, SPAN))
    after = body[end:]
    missing = opened - closed
    if missing > 0 and after.startswith(_WRAPPER_END):
        # blocks that end on the last line: viewcode closes them after </pre></div>
        rest = after[len(_WRAPPER_END):]
        for _ in range(missing):
            rest = re.sub(r"^\s*</div>", "", rest, count=1)
        inside += "</span>" * missing
        after = _WRAPPER_END + rest
    return body[:start] + inside + after


def _page_context(app: Sphinx, pagename: str, templatename: str,
                  context: dict[str, Any], doctree: Any) -> None:
    if pagename.startswith(f"{OUTPUT_DIRNAME}/") and isinstance(context.get("body"), str):
        context["body"] = phrasing_blocks(context["body"])


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", _page_context)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}

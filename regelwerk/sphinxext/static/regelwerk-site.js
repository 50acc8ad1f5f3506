/* Every page of the reference (regelwerk.sphinxext.theme).
   A code block wider than its column scrolls sideways; so that a keyboard can
   scroll it too, it becomes focusable (tabindex 0) while, and only while, it
   overflows: checked when the page is ready and again whenever the window's
   size changes. The language switch keeps the reader's #anchor (keepAnchor). */
(function () {
  "use strict";

  var MARK = "data-regelwerk-scrolls";

  function update() {
    document.querySelectorAll("div.highlight > pre, pre.literal-block").forEach(function (pre) {
      var overflows = pre.scrollWidth > pre.clientWidth + 1;
      if (overflows && !pre.hasAttribute("tabindex")) {
        pre.setAttribute("tabindex", "0");
        pre.setAttribute(MARK, "");
      } else if (!overflows && pre.hasAttribute(MARK)) {
        pre.removeAttribute("tabindex");
        pre.removeAttribute(MARK);
      }
    });
  }

  var pending = null;
  function later() {
    if (pending === null) {
      pending = window.requestAnimationFrame(function () { pending = null; update(); });
    }
  }

  /* The language switch leads to the same place of the other language's page: every
     language has the same ids, so each switch link carries the reader's #anchor, kept
     up to date as it changes. */
  function keepAnchor() {
    document.querySelectorAll("a.regelwerk-lang").forEach(function (link) {
      link.href = link.href.split("#")[0] + window.location.hash;
    });
  }

  function ready() {
    update();
    keepAnchor();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
  window.addEventListener("resize", later);
  window.addEventListener("hashchange", keepAnchor);
}());

/* Filter boxes of the card tables (regelwerk.sphinxext.cards).
   Each box is hidden until this script runs; its search field lists the tables it
   filters in aria-controls. A row stays visible when it contains every word typed
   (case, accents and curly quotes ignored); a table without a visible row is hidden; the status
   line (a polite live region) says how many rows are shown. */
(function () {
  "use strict";

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d\u201e]/g, "\"").toLowerCase();
  }

  function setUp(box) {
    var input = box.querySelector("input[type=search]");
    var status = box.querySelector("[role=status]");
    var tables = (input.getAttribute("aria-controls") || "").split(/\s+/)
      .map(function (id) { return document.getElementById(id); })
      .filter(Boolean);

    function update() {
      var words = fold(input.value).split(/\s+/).filter(Boolean);
      var shown = 0;
      var total = 0;
      tables.forEach(function (table) {
        var visible = 0;
        table.querySelectorAll("tbody tr").forEach(function (row) {
          var text = fold(row.textContent);
          var match = words.every(function (word) { return text.indexOf(word) >= 0; });
          row.hidden = !match;
          total += 1;
          if (match) { visible += 1; }
        });
        (table.closest(".table-wrapper") || table).hidden = visible === 0;
        shown += visible;
      });
      status.textContent = words.length ? box.getAttribute("data-status")
        .replace("{shown}", String(shown)).replace("{total}", String(total)) : "";
    }

    input.addEventListener("input", update);
    box.hidden = false;
    if (input.value) { update(); }
  }

  function start() {
    document.querySelectorAll(".regelwerk-card-filter").forEach(setUp);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());

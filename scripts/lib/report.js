// report.js — click a column heading of a sortable table to sort its rows by that column (numbers
// by their raw data-value, text by its letters); again to reverse. The page reads the same without it.
document.querySelectorAll("table.hbstat, table.advice, table.verdicts").forEach(function (table) {
  table.querySelectorAll("thead th").forEach(function (th, column) {
    th.tabIndex = 0;
    th.title = "sort by this column";
    function sort() {
      var up = th.getAttribute("aria-sort") !== "ascending";
      table.querySelectorAll("thead th").forEach(function (other) { other.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", up ? "ascending" : "descending");
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      function key(row) {
        var cell = row.cells[column];
        if (!cell) return { n: NaN, t: "" };
        var v = cell.getAttribute("data-value");
        return { n: v === null ? NaN : parseFloat(v), t: cell.textContent.trim() };
      }
      rows.sort(function (a, b) {
        var x = key(a), y = key(b), c;
        if (!isNaN(x.n) && !isNaN(y.n)) c = x.n - y.n;
        else if (isNaN(x.n) !== isNaN(y.n)) return isNaN(x.n) ? 1 : -1; // empty cells last
        else c = x.t.localeCompare(y.t);
        return up ? c : -c;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    }
    th.addEventListener("click", sort);
    th.addEventListener("keydown", function (e) { if (e.key === "Enter") sort(); });
  });
});

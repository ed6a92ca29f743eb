// report.js — inlined in report.html by hbreport: click a column heading of a table to sort its
// rows by that column (numbers by their raw data-value, text by its letters); again to reverse. A
// link ending in #sort=T.C (#sort=T.C.desc) opens the page with table T (from 0) sorted by column
// C. The page reads the same without this script.
(function () {
  var sorters = [];
  document.querySelectorAll("table.hbstat, table.advice, table.advice-tables, table.verdicts").forEach(function (table) {
    var columns = [];
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
          if (isNaN(x.n) !== isNaN(y.n)) return isNaN(x.n) ? 1 : -1; // empty cells last either way
          c = isNaN(x.n) ? x.t.localeCompare(y.t) : x.n - y.n;
          return up ? c : -c;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      }
      th.addEventListener("click", sort);
      th.addEventListener("keydown", function (e) { if (e.key === "Enter") sort(); });
      columns.push(sort);
    });
    sorters.push(columns);
  });
  var asked = /^#sort=(\d+)\.(\d+)(\.desc)?$/.exec(window.location.hash);
  if (asked && sorters[+asked[1]] && sorters[+asked[1]][+asked[2]]) {
    sorters[+asked[1]][+asked[2]]();
    if (asked[3]) sorters[+asked[1]][+asked[2]]();
  }
})();

// Sorting: a click on a column's heading sorts by it (again: the other
// way); the page's address keeps the order (#sort=COLUMN or
// #sort=COLUMN-desc), so that a sorted view can be linked to.
function sortTable(table, column, ascending) {
  var heads = table.querySelectorAll('thead th');
  heads.forEach(function (h) { h.removeAttribute('aria-sort'); });
  heads[column].setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  function key(row) {
    var cell = row.cells[column];
    var value = cell.getAttribute('data-sort');
    if (value === null) value = cell.textContent;
    return /^-?[0-9]+(\.[0-9]+)?$/.test(value.trim()) ? parseFloat(value) : value.toLowerCase();
  }
  var keyed = rows.map(function (row, i) { return [key(row), i, row]; });
  keyed.sort(function (a, b) {
    var x = a[0], y = b[0], order;
    if (typeof x === 'number' && typeof y === 'number') order = x - y;
    else order = String(x).localeCompare(String(y));
    if (!ascending) order = -order;
    return order || a[1] - b[1];
  });
  keyed.forEach(function (k) { body.appendChild(k[2]); });
}
document.querySelectorAll('table.sortable').forEach(function (table) {
  var heads = table.querySelectorAll('thead th');
  heads.forEach(function (th, column) {
    th.addEventListener('click', function () {
      var ascending = th.getAttribute('aria-sort') !== 'ascending';
      sortTable(table, column, ascending);
      if (table.id) history.replaceState(null, '', '#sort=' + encodeURIComponent(th.textContent) + (ascending ? '' : '-desc'));
    });
  });
});
(function () {
  var m = /^#sort=(.+?)(-desc)?$/.exec(decodeURIComponent(location.hash));
  var table = document.getElementById('marks');
  if (!m || !table) return;
  table.querySelectorAll('thead th').forEach(function (th, column) {
    if (th.textContent === m[1]) sortTable(table, column, !m[2]);
  });
})();

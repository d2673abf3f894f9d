// Keyboard results entry: on the results page, a board's key box takes
// 1 (White won), = or 5 (draw), 0 (Black won) and sends that board's form
// at once; the page comes back with the cursor on the next empty board.
// The forms work without this script (a button per result, or the key
// and Enter).
(function () {
  var keys = { "1": true, "=": true, "5": true, "0": true };
  document.addEventListener("keydown", function (ev) {
    var box = ev.target;
    if (!box.classList || !box.classList.contains("key")) return;
    if (!keys[ev.key]) return;
    ev.preventDefault();
    box.value = ev.key;
    box.form.submit();
  });
  var first = document.querySelector("input.key[data-empty]");
  if (first) first.focus();
})();

// Keyboard results entry: on the results page, a board's key box takes
// 1 (White won), = or 5 (draw), 0 (Black won) and sends that board's form;
// the page comes back with the cursor on the next empty board. The forms
// work without this script (one button per result).
(function () {
  var keys = { "1": "1-0", "=": "1/2-1/2", "5": "1/2-1/2", "0": "0-1" };
  document.addEventListener("keydown", function (ev) {
    var box = ev.target;
    if (!box.classList || !box.classList.contains("key")) return;
    var result = keys[ev.key];
    if (!result) return;
    ev.preventDefault();
    var form = box.form;
    form.querySelector("input[name=result]").value = result;
    form.submit();
  });
  var first = document.querySelector("input.key[data-empty]");
  if (first) first.focus();
})();

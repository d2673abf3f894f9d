// The players' board: asks the server every few seconds whether anything
// changed (one small number), and only then fetches the new board and puts
// it in place: no page reload, no flicker. The search box filters the
// "find your board" list; screen mode shows one part at a time, in turn.
(function () {
  "use strict";
  var body = document.body;
  var live = document.getElementById("board-live");
  var version = body.getAttribute("data-version");
  var screen = body.classList.contains("screen-mode");
  var queries = {};

  function wireSearch() {
    var boxes = live.querySelectorAll("input.board-q");
    for (var i = 0; i < boxes.length; i++) {
      (function (box) {
        if (queries[box.id]) { box.value = queries[box.id]; }
        box.addEventListener("input", function () { queries[box.id] = box.value; filter(box); });
        filter(box);
      })(boxes[i]);
    }
  }

  function filter(box) {
    var list = document.getElementById(box.getAttribute("data-list"));
    if (!list) { return; }
    var q = box.value.trim().toLowerCase();
    var items = list.children;
    for (var i = 0; i < items.length; i++) {
      var name = items[i].getAttribute("data-name") || "";
      items[i].hidden = q !== "" && name.indexOf(q) < 0;
    }
  }

  function refresh() {
    fetch("/board/live", { cache: "no-store" }).then(function (r) {
      if (!r.ok) { return null; }
      var v = r.headers.get("X-Board-Version");
      return r.text().then(function (html) { return { v: v, html: html }; });
    }).then(function (got) {
      if (!got) { return; }
      var focused = document.activeElement && document.activeElement.id;
      live.innerHTML = got.html;
      version = got.v;
      body.setAttribute("data-version", version);
      wireSearch();
      if (focused) {
        var el = document.getElementById(focused);
        if (el) { el.focus(); }
      }
      if (screen) { page(true); }
    }).catch(function () {});
  }

  function poll() {
    // A report form being filled in is never replaced under the player.
    var open = live.querySelector("details.report[open]");
    if (open) { return; }
    fetch("/board/version", { cache: "no-store" }).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (v) {
      if (v !== null && v.trim() !== version) { refresh(); }
    }).catch(function () {});
  }

  // Screen mode: the parts of the board one after another, each for a few
  // seconds; a long list is shown in slices that fit the screen.
  var parts = [];
  var at = -1;
  function page(again) {
    parts = Array.prototype.slice.call(live.querySelectorAll(".board-page"));
    if (parts.length === 0) { return; }
    if (!again) { at = (at + 1) % parts.length; }
    if (at >= parts.length) { at = 0; }
    for (var i = 0; i < parts.length; i++) {
      parts[i].classList.toggle("paged-out", i !== at);
    }
    var shown = parts[at];
    shown.scrollIntoView();
  }
  function scrollOrNext() {
    var before = window.scrollY;
    var bottom = window.innerHeight + window.scrollY;
    if (bottom + 4 < document.documentElement.scrollHeight) {
      window.scrollBy(0, window.innerHeight * 0.9);
      if (window.scrollY !== before) { return; }
    }
    page(false);
  }

  wireSearch();
  setInterval(poll, 3000);
  if (screen) {
    page(false);
    setInterval(scrollOrNext, 8000);
  }
})();

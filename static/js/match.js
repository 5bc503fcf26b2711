// Board pages: count down the chess clock of the seats that must decide, between polls.
(function () {
  function tick() {
    document.querySelectorAll(".clock.running").forEach(function (el) {
      var left = Math.max(0, parseFloat(el.dataset.left || "0") - 1);
      el.dataset.left = String(left);
      var minutes = Math.floor(left / 60), seconds = Math.floor(left % 60);
      el.textContent = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
    });
  }
  setInterval(tick, 1000);
})();

// The log grows by the lines each update appends: keep the newest (the list's data-keep)
// so that a long match does not grow the page without end; the replay has every step.
(function () {
  function trim() {
    var list = document.getElementById("log-lines");
    if (!list) return;
    var keep = parseInt(list.dataset.keep || "0", 10);
    while (keep > 0 && list.children.length > keep) list.removeChild(list.firstElementChild);
  }
  document.addEventListener("htmx:oobAfterSwap", trim);
  document.addEventListener("htmx:afterSettle", trim);
})();

// The log keeps its newest line in sight (the bottom) as lines arrive or the log is
// redrawn, unless its reader has scrolled up to read older lines: then it stays where
// they are until they scroll back down to the end.
(function () {
  var stick = true;
  var SLACK = 24; // px from the end that still count as "at the newest line"
  function list() { return document.getElementById("log-lines"); }
  function follow() {
    var el = list();
    if (el !== null && stick) el.scrollTop = el.scrollHeight;
  }
  document.addEventListener("scroll", function (event) {
    var el = event.target;
    if (el === null || el.id !== "log-lines") return;
    stick = el.scrollHeight - el.scrollTop - el.clientHeight <= SLACK;
  }, true);
  document.addEventListener("DOMContentLoaded", follow);
  document.addEventListener("htmx:oobAfterSwap", follow);
  document.addEventListener("htmx:afterSettle", follow);
})();

// The tab's title says when this player must decide, or answer a table request another
// player made them, so that a board left in a background tab shows it; and a tab coming
// back to the front asks for news at once (browsers slow the timers of hidden tabs down
// to one a minute).
(function () {
  var MARK = "● Your move · ";
  var ASKED = "● A request for you · ";
  var base = document.title;
  function mark() {
    var prompt = document.getElementById("prompt");
    // A pass the server is about to make for this player (their passing preferences,
    // data-auto) is not a move for them to make.
    var deciding = prompt !== null && prompt.querySelector("form") !== null && prompt.dataset.auto !== "1";
    // A request of theirs waiting for someone else's answer is not one for them.
    var asked = document.querySelector("#table-requests form[data-waiting]") !== null;
    document.title = (deciding ? MARK : asked ? ASKED : "") + base;
  }
  document.addEventListener("DOMContentLoaded", mark);
  document.addEventListener("htmx:oobAfterSwap", mark);
  document.addEventListener("htmx:afterSettle", mark);
  document.addEventListener("visibilitychange", function () {
    var poller = document.getElementById("poller");
    if (!document.hidden && poller !== null && window.htmx) window.htmx.trigger(poller, "maester:look");
  });
})();

// Setup: the running total of the cards ticked, against the limits (5 gold, one Limited
// card, one copy of each unique card); the server checks them again when the cards are
// placed.
(function () {
  function total(form) {
    var rule = form.querySelector("#setup-rule"), out = form.querySelector("#setup-total");
    if (rule === null || out === null) return;
    var limit = parseInt(rule.dataset.limit || "5", 10), gold = 0, limited = 0;
    var copies = {}, twice = [];
    form.querySelectorAll("input[name=card]:checked").forEach(function (box) {
      gold += parseInt(box.dataset.gold || "0", 10);
      if (box.dataset.limited === "1") limited += 1;
      var unique = box.dataset.unique;
      if (unique) {
        copies[unique] = (copies[unique] || 0) + 1;
        if (copies[unique] === 2) twice.push(unique);
      }
    });
    var words = "Chosen: " + gold + " of " + limit + " gold.";
    if (gold > limit) words += " That is over the limit.";
    if (limited > 1) words += " Only one Limited card may be placed.";
    twice.forEach(function (name) { words += " " + name + " is unique: place one copy only."; });
    out.textContent = words;
    out.classList.toggle("over", gold > limit || limited > 1 || twice.length > 0);
  }
  document.addEventListener("change", function (event) {
    var form = event.target.closest ? event.target.closest("form.setup-form") : null;
    if (form !== null) total(form);
  });
})();

// The Table menu (table actions, by hand) and its cards stay open across updates of the
// board, which redraw it: the disclosures open before a swap are opened again after it.
(function () {
  var open = [];
  document.addEventListener("htmx:oobBeforeSwap", function () {
    open = Array.prototype.map.call(
      document.querySelectorAll("#table-panel details[open][id]"),
      function (el) { return el.id; }
    );
  });
  document.addEventListener("htmx:oobAfterSwap", function () {
    open.forEach(function (id) {
      var el = document.getElementById(id);
      if (el !== null) el.open = true;
    });
  });
})();

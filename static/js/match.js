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

// The tab's title says when this player must decide, so that a board left in a background
// tab shows it; and a tab coming back to the front asks for news at once (browsers slow
// the timers of hidden tabs down to one a minute).
(function () {
  var MARK = "● Your move · ";
  var base = document.title;
  function mark() {
    var prompt = document.getElementById("prompt");
    // A pass the server is about to make for this player (their passing preferences,
    // data-auto) is not a move for them to make.
    var deciding = prompt !== null && prompt.querySelector("form") !== null && prompt.dataset.auto !== "1";
    document.title = (deciding ? MARK : "") + base;
  }
  document.addEventListener("DOMContentLoaded", mark);
  document.addEventListener("htmx:oobAfterSwap", mark);
  document.addEventListener("htmx:afterSettle", mark);
  document.addEventListener("visibilitychange", function () {
    var poller = document.getElementById("poller");
    if (!document.hidden && poller !== null && window.htmx) window.htmx.trigger(poller, "maester:look");
  });
})();

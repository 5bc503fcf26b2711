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

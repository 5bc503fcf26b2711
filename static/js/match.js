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

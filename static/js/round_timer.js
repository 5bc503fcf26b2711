// The round clock on the pairings page: counts down to data-ends (an ISO time from the server).
(function () {
  function tick() {
    document.querySelectorAll(".timer[data-ends]").forEach(function (el) {
      var left = Math.round((Date.parse(el.dataset.ends) - Date.now()) / 1000);
      var clock = el.querySelector(".clock");
      if (!clock) return;
      if (left <= 0) {
        clock.textContent = "time!";
        el.classList.add("over");
        return;
      }
      var minutes = Math.floor(left / 60), seconds = left % 60;
      clock.textContent = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
    });
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSwap", tick);
})();

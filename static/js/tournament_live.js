// Tournament pages that update themselves (loaded with <script src>: the Content-Security-Policy
// runs no inline script).
//
// The round clock (.timer[data-left]) counts down from the seconds left that the server gave
// when it drew the clock, measured from the moment the browser got it: a phone whose own clock
// is wrong still shows the right time, and every refresh of the pairings sets it right again.
// A screen reader hears the clock at 10, 5 and 1 minutes left and when time is called, not
// every second (the clock itself is role="timer", which is not announced).
//
// A region polled by htmx (hx-trigger="every ...") is never refreshed while it holds a form
// someone is using: one with the focus, or one already changed.
(function () {
  var arrived = new WeakMap();
  var said = {};

  function format(left) {
    var minutes = Math.floor(left / 60), seconds = left % 60;
    return minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
  }

  function announce(key, text) {
    var region = document.querySelector("[data-clock-announce]");
    if (!region || said[key]) return;
    said[key] = true;
    region.textContent = text;
  }

  function secondsLeft(el) {
    if (!arrived.has(el)) arrived.set(el, performance.now());
    var given = parseInt(el.dataset.left, 10);
    if (isNaN(given)) return Math.round((Date.parse(el.dataset.ends) - Date.now()) / 1000);
    return Math.round(given - (performance.now() - arrived.get(el)) / 1000);
  }

  function tick() {
    document.querySelectorAll(".timer[data-left]").forEach(function (el) {
      var clock = el.querySelector(".clock");
      if (!clock) return;
      var left = secondsLeft(el), end = el.dataset.ends || "";
      if (left <= 0) {
        clock.textContent = "Time!";
        el.classList.add("over");
        announce(end + "/0", "Time is called.");
        return;
      }
      el.classList.remove("over");
      clock.textContent = format(left);
      [10, 5, 1].forEach(function (minutes) {
        if (left <= minutes * 60 && left > minutes * 60 - 5) {
          announce(end + "/" + minutes, minutes + (minutes === 1 ? " minute" : " minutes") + " left.");
        }
      });
    });
  }

  function inUse(region) {
    var active = document.activeElement;
    if (active && active !== document.body && region.contains(active) &&
        active.closest("form")) return true;
    return region.querySelector("form[data-changed]") !== null;
  }

  function markChanged(event) {
    var form = event.target.closest && event.target.closest("form");
    if (form) form.setAttribute("data-changed", "");
  }

  document.addEventListener("input", markChanged);
  document.addEventListener("change", markChanged);
  document.addEventListener("htmx:beforeRequest", function (event) {
    var region = event.detail.elt;
    var trigger = region && region.getAttribute && region.getAttribute("hx-trigger");
    if (trigger && trigger.indexOf("every") !== -1 && inUse(region)) event.preventDefault();
  });
  document.addEventListener("htmx:afterSettle", tick);
  tick();
  setInterval(tick, 1000);
})();

/* The game log beside the board, and the sound of a move (templates/gameplay/match.html
 * and replay.html; docs/PLAY.md, "The board"):
 * - "Mine / All": links that work without JavaScript (?log=mine, the server leaves the
 *   other lines out); here they switch at once, by a class on #log that hides every line
 *   without data-mine (static/css/log.css), so that lines the poll appends later are
 *   filtered too. The choice is kept in localStorage.
 * - A card name in a line (a button with data-card, gameplay/templatetags/boardextras.py):
 *   tapped, clicked or pressed, it rings the card's tile on the table and scrolls it into
 *   view when the board shows it (data-log-ref: the id its tile carries), else it opens the
 *   card's text in the shared preview (static/js/card-preview.js does, as for any data-card).
 * - Sound (off by default; the checkbox "Sound for my move", kept in localStorage): a short
 *   WebAudio beep when a decision becomes this player's, and another when a table request
 *   starts waiting for their answer (what static/js/match.js marks in the tab's title),
 *   read off the page as it changes (a MutationObserver), never at its load.
 */
(function () {
  "use strict";

  var FILTER_KEY = "maester:log-filter";
  var SOUND_KEY = "maester:log-sound";
  var FOUND_MS = 3000; // how long a found tile stays ringed

  function read(key) {
    try { return window.localStorage.getItem(key); } catch (error) { return null; }
  }

  function write(key, value) {
    try { window.localStorage.setItem(key, value); } catch (error) { /* private mode */ }
  }

  function plainClick(event) {
    return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  }

  // --- Mine / All ---------------------------------------------------------------------------

  var shown = null; // "mine" or "all", once the page has a filter

  function show(which) {
    var log = document.getElementById("log");
    if (log === null) return;
    log.classList.toggle("only-mine", which === "mine");
    log.querySelectorAll("[data-log-show]").forEach(function (link) {
      if (link.dataset.logShow === which) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    });
  }

  function filter() {
    var log = document.getElementById("log");
    if (log === null || log.querySelector("[data-log-show]") === null) return;
    if (log.dataset.filtered === "mine") shown = "mine"; // the server left the others out
    else if (shown === null) shown = read(FILTER_KEY) === "mine" ? "mine" : "all";
    show(shown);
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("[data-log-show]") : null;
    if (link === null || !plainClick(event)) return;
    var which = link.dataset.logShow === "mine" ? "mine" : "all";
    write(FILTER_KEY, which);
    var log = document.getElementById("log");
    if (which === "all" && log !== null && log.dataset.filtered === "mine") return; // load them
    event.preventDefault();
    shown = which;
    show(which);
    var list = document.getElementById("log-lines");
    if (list !== null) list.scrollTop = list.scrollHeight; // the newest line in sight
  });

  // --- Card names: the tile on the table, or the card's text --------------------------------

  var found = null; // {ref, until}: ringed again if the board is redrawn meanwhile
  var foundTimer = 0;

  function visible(el) {
    return el.getClientRects().length > 0;
  }

  function tileOf(ref) {
    if (!ref) return null;
    var tiles = document.querySelectorAll(".player .gcard[data-ref='" + CSS.escape(ref) + "']");
    for (var i = 0; i < tiles.length; i += 1) if (visible(tiles[i])) return tiles[i];
    return null;
  }

  function unring() {
    document.querySelectorAll(".log-found").forEach(function (el) { el.classList.remove("log-found"); });
  }

  function announce(text) {
    var status = document.getElementById("log-status");
    if (status === null) {
      status = document.createElement("p");
      status.id = "log-status";
      status.className = "sr-only";
      status.setAttribute("role", "status");
      document.body.appendChild(status);
    }
    status.textContent = text;
  }

  function ring(tile, ref, name) {
    unring();
    tile.classList.add("log-found");
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    tile.scrollIntoView({ block: "center", inline: "nearest", behavior: still ? "auto" : "smooth" });
    found = { ref: ref, until: Date.now() + FOUND_MS };
    window.clearTimeout(foundTimer);
    foundTimer = window.setTimeout(function () { found = null; unring(); }, FOUND_MS);
    announce(name + " is marked on the table.");
  }

  // Before card-preview.js (capture): a card on the table is shown there, and the preview
  // does not open (it reads defaultPrevented); any other opens its text as usual.
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest(".log-card") : null;
    if (button === null) return;
    var tile = tileOf(button.dataset.logRef);
    if (tile === null) return;
    event.preventDefault();
    ring(tile, button.dataset.logRef, button.textContent);
  }, true);

  function ringAgain() {
    if (found === null || Date.now() > found.until) return;
    var tile = tileOf(found.ref);
    if (tile !== null) tile.classList.add("log-found");
  }

  // --- Sound ----------------------------------------------------------------------------------

  var audio = null;

  function soundOn() {
    return read(SOUND_KEY) === "1";
  }

  function context() {
    var Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return null;
    if (audio === null) audio = new Audio();
    if (audio.state === "suspended") audio.resume();
    return audio;
  }

  function beep(tones) {
    var out = context();
    if (out === null) return;
    var start = out.currentTime + 0.01;
    tones.forEach(function (frequency, i) {
      var at = start + i * 0.16;
      var tone = out.createOscillator();
      var gain = out.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.13);
      tone.connect(gain);
      gain.connect(out.destination);
      tone.start(at);
      tone.stop(at + 0.14);
    });
  }

  var MOVE = [660, 880];
  var REQUEST = [880, 660, 880];

  function soundControl() {
    var box = document.getElementById("log-sound");
    if (box === null || !(window.AudioContext || window.webkitAudioContext)) return;
    box.checked = soundOn();
    box.closest(".log-sound").hidden = false; // only with JavaScript and WebAudio
  }

  document.addEventListener("change", function (event) {
    if (event.target.id !== "log-sound") return;
    write(SOUND_KEY, event.target.checked ? "1" : "0");
    if (event.target.checked) beep(MOVE); // the sound it makes, and audio allowed by this tap
  });

  // A browser lets a page play sound only after a tap or key: the first one wakes it.
  function wake() {
    if (soundOn()) context();
    document.removeEventListener("pointerdown", wake, true);
    document.removeEventListener("keydown", wake, true);
  }
  document.addEventListener("pointerdown", wake, true);
  document.addEventListener("keydown", wake, true);

  // What waits for this player: a decision of theirs (a prompt with a form, unless the
  // server is about to pass for them) and the table requests waiting for their answer.
  function waiting() {
    var prompt = document.getElementById("prompt");
    var deciding = prompt !== null && prompt.querySelector("form") !== null && prompt.dataset.auto !== "1";
    var requests = Array.prototype.map.call(
      document.querySelectorAll("#table-requests form[data-waiting]"),
      function (form) { return form.dataset.request || ""; }
    );
    return { deciding: deciding, requests: requests };
  }

  var before = null;

  function listen() {
    var now = waiting();
    if (before !== null && soundOn()) {
      var asked = now.requests.some(function (id) { return before.requests.indexOf(id) < 0; });
      if (now.deciding && !before.deciding) beep(MOVE);
      else if (asked) beep(REQUEST);
    }
    before = now;
  }

  var pending = 0;
  function soon() {
    if (pending) return;
    pending = window.setTimeout(function () { pending = 0; listen(); }, 0);
  }

  function start() {
    filter();
    soundControl();
    var page = document.querySelector(".match-page");
    if (page === null || document.getElementById("prompt") === null) return; // a replay
    before = waiting();
    new MutationObserver(soon).observe(page, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["data-auto", "data-waiting"],
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  // The log and the board are redrawn by the poll: filter, control and ring again.
  document.addEventListener("htmx:oobAfterSwap", function () {
    filter();
    soundControl();
    ringAgain();
  });
})();

// Live pages told of a change at once (config/push.py): an element with data-live="<stream
// URL>" and an htmx poll (hx-get, hx-trigger "every Ns, maester:look") is looked at again as
// soon as its stream says something changed, instead of waiting for its next poll.
//
// The stream only says "look": the element's own request fetches what this viewer may see,
// as the poll always did. The poll stays as the fallback:
// - the stream is open: the poll runs once in SAFETY_MS all the same (a message lost on the
//   way costs that long at most);
// - the server answers 204 (no push here: a development or WSGI-only server): the poll keeps
//   its own pace;
// - the stream fails (a proxy that cuts it, a dropped network, a server restarting): the
//   poll runs every FALLBACK_MS while the browser opens the stream again by itself; every
//   "ready" the stream sends (on each opening) is followed by a look, so nothing is missed,
//   unless it names a version and chat version (data-live-v, data-live-c) the page shows.
// An element may carry data-live-v and data-live-c (the match version and chat version it
// shows): a message about what it shows already (the page's own move) is not looked at. A
// message that comes while the page waits for an answer of its own (its move, a look) is
// held until the answer is in, then compared with what the page shows.
//
// A live board is sent the update itself ("update": its HTML, what the look would answer,
// gameplay/views.py live_stream) instead of "look again": it is swapped in as the look's
// answer would be, when the page shows exactly what the update follows (its "from": version,
// chat version, log position (data-live-e) and prompt key, when the server knows it) and its
// Table menu is shut (an update does not draw it); otherwise the page looks. An update that
// brings the prompt the page shows already leaves it alone (a selection in progress stays),
// as the look's answer would.
(function () {
  "use strict";
  var SAFETY_MS = 30000;
  var FALLBACK_MS = 2000;
  var streams = {}; // url -> {source, open, failing, due}
  var held = {}; // url -> the newest message held while the page waits for an answer

  function busy() {
    return document.querySelector(".htmx-request") !== null;
  }

  function release() {
    if (busy()) {
      window.setTimeout(release, 100); // the answer is being swapped in: soon
      return;
    }
    Object.keys(held).forEach(function (url) {
      var data = held[url];
      delete held[url];
      if (!streams[url]) return;
      if (data && typeof data.html === "string") update(url, data); // swapped if it follows
      else look(url, data);
    });
  }

  function lookers(url) {
    var found = [];
    document.querySelectorAll("[data-live]").forEach(function (el) {
      if (el.getAttribute("data-live") === url) found.push(el);
    });
    return found;
  }

  function shown(el, data) {
    if (data === null || el.dataset.liveV === undefined || typeof data.v !== "number") return false;
    return data.v <= Number(el.dataset.liveV) && (data.c || 0) <= Number(el.dataset.liveC || 0);
  }

  function promptKey() {
    var prompt = document.getElementById("prompt");
    return prompt === null ? "" : prompt.getAttribute("data-key") || "";
  }

  // Whether ``el`` shows the page ``from`` names (the update applies to it).
  function follows(el, from) {
    return (
      from !== null &&
      typeof from === "object" &&
      el.dataset.liveV === String(from.v) &&
      (el.dataset.liveC || "0") === String(from.c) &&
      el.dataset.liveE === String(from.e) &&
      (from.k === null || from.k === undefined || from.k === promptKey())
    );
  }

  function tableShown() {
    return Boolean(window.tableMenu && typeof window.tableMenu.shown === "function" && window.tableMenu.shown());
  }

  // The update's HTML without the prompt when it is the one the page shows.
  function unchangedPromptOut(html) {
    var box = document.createElement("template");
    box.innerHTML = html;
    var prompt = box.content.querySelector("#prompt");
    if (prompt !== null && document.getElementById("prompt") !== null && prompt.getAttribute("data-key") === promptKey()) {
      prompt.remove();
      return box.innerHTML;
    }
    return html;
  }

  function update(url, data) {
    var els = lookers(url);
    if (els.length === 0) return close(url);
    els.forEach(function (el) {
      if (shown(el, data)) return;
      var swappable = window.htmx && typeof window.htmx.swap === "function" && typeof data.html === "string";
      if (swappable && follows(el, data.from) && !tableShown()) {
        // Out of band, as the look's answer.
        window.htmx.swap(el, unchangedPromptOut(data.html), { swapStyle: "none" });
        return;
      }
      lookAt(url, el);
    });
  }

  function lookAt(url, el) {
    if (!window.htmx) return;
    streams[url].due = 0; // a look that hx-sync drops is made by the next tick of the poll
    window.htmx.trigger(el, "maester:look");
  }

  function look(url, data) {
    var els = lookers(url);
    if (els.length === 0) return close(url); // the page stopped following it (a finished match)
    els.forEach(function (el) {
      if (!shown(el, data)) lookAt(url, el);
    });
  }

  // A message's data, or null when it is not JSON.
  function parsed(event) {
    try {
      return JSON.parse(event.data);
    } catch (err) {
      return null;
    }
  }

  function close(url) {
    var s = streams[url];
    if (s && s.source) s.source.close();
    delete streams[url];
  }

  function open(url) {
    if (streams[url] || typeof window.EventSource !== "function") return;
    var s = (streams[url] = { source: new window.EventSource(url), open: false, failing: false, due: 0 });
    s.source.addEventListener("ready", function (event) {
      s.open = true;
      s.failing = false;
      document.documentElement.setAttribute("data-push", "open");
      s.due = Date.now() + SAFETY_MS; // the poll's pace from now on (a look sets it too)
      // A board's stream names the version it follows from: a page that shows it already
      // (freshly loaded, or nothing moved while the stream was down) has nothing to fetch.
      look(url, parsed(event));
    });
    s.source.addEventListener("change", function (event) {
      var data = parsed(event);
      if (busy()) {
        held[url] = data; // the newest: a later version replaces an earlier one
        s.due = 0; // and the next tick of the poll looks, whatever happens to the answer
        return;
      }
      look(url, data);
    });
    s.source.addEventListener("update", function (event) {
      var data = parsed(event);
      if (data === null || typeof data !== "object") return look(url, null);
      if (busy()) {
        // Held until the answer is in (the newest only): then swapped in if it follows
        // what the page shows, else looked at.
        held[url] = data;
        s.due = 0;
        return;
      }
      update(url, data);
    });
    s.source.addEventListener("error", function () {
      s.open = false;
      document.documentElement.setAttribute("data-push", "polling");
      if (s.source.readyState === window.EventSource.CLOSED) {
        // Refused (204 or an error status): no push from this server; the poll keeps its
        // pace. The stream is not tried again on this page.
        s.source = null;
        s.failing = false;
      } else {
        s.failing = true; // the browser opens it again by itself
      }
    });
  }

  function scan(root) {
    if (!root || !root.querySelectorAll) return;
    if (root.hasAttribute && root.hasAttribute("data-live")) open(root.getAttribute("data-live"));
    root.querySelectorAll("[data-live]").forEach(function (el) {
      open(el.getAttribute("data-live"));
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    scan(document);
  });
  document.addEventListener("htmx:load", function (event) {
    scan(event.detail.elt);
  });
  // The page's answer is in (and swapped): what was held is compared with it now.
  document.addEventListener("htmx:afterRequest", function () {
    window.setTimeout(release, 0);
  });
  // The poll's pace: a tick of "every Ns" has no triggering event; a look has one.
  document.addEventListener("htmx:configRequest", function (event) {
    var el = event.detail.elt;
    var url = el && el.getAttribute ? el.getAttribute("data-live") : null;
    var s = url ? streams[url] : null;
    if (!s || (!s.open && !s.failing)) return; // not pushed (yet, or at all): as before
    var now = Date.now();
    if (!event.detail.triggeringEvent && now < s.due) {
      event.preventDefault();
      return;
    }
    s.due = now + (s.open ? SAFETY_MS : FALLBACK_MS);
  });
})();

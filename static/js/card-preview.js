/* Card previews: any element with data-card="<code>" shows that card's text in a popup.
 *
 * The contract (docs/DECKS.md, "Card previews"):
 * - A trigger is any element with data-card="<code>", present now or added later (htmx swaps,
 *   the match board): one set of listeners on the document serves them all.
 * - With a mouse, resting on a trigger opens the preview after a short delay; leaving the
 *   trigger (other than into the preview) closes it. A mouse click on a link follows the link.
 * - A tap (touch, pen) or a click on a trigger that is not a link toggles the preview; so do
 *   Enter and Space on a trigger that is not a link, and Space on a link (Enter follows it).
 * - Escape, a tap or click elsewhere, or focus moving elsewhere closes it.
 * - data-card-click="off" leaves clicks and keys alone (the trigger's click does something
 *   else, e.g. choosing a card on the board): such a trigger previews on hover only.
 * - The fragment comes from the URL in this script tag's data-preview-url ("__code__" stands
 *   for the code), default /cards/__code__/preview/, or from the trigger's data-card-url. It
 *   is fetched once per card and page.
 * - data-card-note="<text>" on a trigger adds that text, as plain text, at the top of its
 *   preview (the board: "Text not automated: use table actions").
 * - The popup is one element, #card-preview (role="dialog", non-modal), placed inside the
 *   viewport next to its trigger; an open trigger has aria-expanded="true" and
 *   aria-describedby="card-preview".
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var URL_PATTERN = (script && script.dataset.previewUrl) || "/cards/__code__/preview/";
  var OPEN_DELAY = 350; // ms of hovering before a preview opens
  var CLOSE_DELAY = 200; // ms to move the mouse from the trigger into the preview
  var GAP = 6; // px between the trigger and the preview
  var MARGIN = 8; // px kept free at the viewport's edges

  var fragments = new Map(); // url -> Promise of the fragment's HTML
  var popup = null;
  var current = null; // the trigger whose preview is open (or opening)
  var pinned = false; // opened by a tap, click or key: hovering away does not close it
  var openTimer = 0;
  var closeTimer = 0;
  var lastPointer = { type: "", time: 0 };

  function triggerOf(node) {
    return node && node.closest ? node.closest("[data-card]") : null;
  }

  function isLink(el) {
    return el.tagName === "A" && el.hasAttribute("href");
  }

  function isButton(el) {
    return el.tagName === "BUTTON" || (el.tagName === "INPUT" && /^(button|submit)$/.test(el.type));
  }

  function clicksOff(el) {
    return el.dataset.cardClick === "off";
  }

  function urlFor(trigger) {
    return trigger.dataset.cardUrl ||
      URL_PATTERN.replace("__code__", encodeURIComponent(trigger.dataset.card));
  }

  function ensurePopup() {
    if (popup && popup.isConnected) return popup;
    popup = document.createElement("div");
    popup.id = "card-preview";
    popup.className = "card-preview";
    popup.setAttribute("role", "dialog");
    popup.setAttribute("aria-modal", "false");
    popup.setAttribute("aria-label", "Card preview");
    popup.tabIndex = -1;
    popup.hidden = true;
    popup.addEventListener("pointerenter", function () { window.clearTimeout(closeTimer); });
    popup.addEventListener("pointerleave", function (event) {
      if (event.pointerType === "mouse" && !pinned) scheduleClose();
    });
    document.body.appendChild(popup);
    return popup;
  }

  function load(url) {
    if (!fragments.has(url)) {
      var request = window.fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
        .then(function (response) {
          return response.text().then(function (html) {
            if (response.ok || response.status === 404) return html;
            throw new Error(String(response.status));
          });
        });
      request.catch(function () { fragments.delete(url); }); // a failure is tried again later
      fragments.set(url, request);
    }
    return fragments.get(url);
  }

  function setContent(html) {
    popup.innerHTML = html; // the server's fragment: every card text in it is escaped
    if (popup.querySelector("#card-preview-title")) {
      popup.removeAttribute("aria-label");
      popup.setAttribute("aria-labelledby", "card-preview-title");
    } else {
      popup.removeAttribute("aria-labelledby");
      popup.setAttribute("aria-label", "Card preview");
    }
  }

  function addNote(trigger) {
    if (!trigger.dataset.cardNote) return;
    var note = document.createElement("p");
    note.className = "card-preview-note";
    note.textContent = trigger.dataset.cardNote;
    popup.insertBefore(note, popup.firstChild);
  }

  function open(trigger, byHand) {
    window.clearTimeout(openTimer);
    window.clearTimeout(closeTimer);
    if (current && current !== trigger) close(false);
    ensurePopup();
    current = trigger;
    pinned = byHand;
    trigger.setAttribute("aria-expanded", "true");
    trigger.setAttribute("aria-controls", "card-preview");
    trigger.setAttribute("aria-describedby", "card-preview");
    popup.dataset.for = trigger.dataset.card;
    popup.classList.add("is-loading");
    setContent('<p class="card-preview-loading">Loading the card…</p>');
    popup.hidden = false;
    place();
    load(urlFor(trigger)).then(function (html) {
      if (current !== trigger) return;
      popup.classList.remove("is-loading");
      setContent(html);
      addNote(trigger);
      place();
    }, function () {
      if (current !== trigger) return;
      popup.classList.remove("is-loading");
      setContent('<p class="card-preview-missing" role="alert">The card could not be loaded; ' +
        "try again in a moment.</p>");
      place();
    });
  }

  function close(restoreFocus) {
    window.clearTimeout(openTimer);
    window.clearTimeout(closeTimer);
    if (!current) return;
    var trigger = current;
    var focusInside = popup && popup.contains(document.activeElement);
    current = null;
    pinned = false;
    trigger.setAttribute("aria-expanded", "false");
    trigger.removeAttribute("aria-describedby");
    if (popup) {
      popup.hidden = true;
      delete popup.dataset.for;
    }
    if ((restoreFocus || focusInside) && trigger.isConnected) trigger.focus();
  }

  function scheduleClose() {
    window.clearTimeout(closeTimer);
    closeTimer = window.setTimeout(function () { close(false); }, CLOSE_DELAY);
  }

  function toggle(trigger) {
    if (current === trigger && !popup.hidden) close(false);
    else open(trigger, true);
  }

  // Next to the trigger, below it when the preview fits there, else on the side with more
  // room (scrolling inside when it is taller than that room); never past the viewport's edges.
  function place() {
    if (!current || !popup || popup.hidden) return;
    // The visible part of the page: on a phone, the visual viewport (zoom, on-screen keyboard).
    var root = document.documentElement;
    var view = window.visualViewport;
    var x0 = view ? view.offsetLeft : 0;
    var y0 = view ? view.offsetTop : 0;
    var width = view ? Math.min(view.width, root.clientWidth) : root.clientWidth;
    var height = view ? Math.min(view.height, root.clientHeight) : root.clientHeight;
    var rect = current.getBoundingClientRect();
    popup.style.maxHeight = "";
    popup.style.left = "0px";
    popup.style.top = "0px";
    var box = popup.getBoundingClientRect();
    var below = y0 + height - rect.bottom - GAP - MARGIN;
    var above = rect.top - y0 - GAP - MARGIN;
    var top;
    if (box.height <= below || below >= above) {
      top = rect.bottom + GAP;
      if (box.height > below) popup.style.maxHeight = Math.max(below, 120) + "px";
    } else {
      var room = Math.max(above, 120);
      if (box.height > room) popup.style.maxHeight = room + "px";
      top = rect.top - GAP - Math.min(box.height, room);
    }
    var left = Math.min(rect.left, x0 + width - box.width - MARGIN);
    popup.style.left = Math.max(x0 + MARGIN, left) + "px";
    popup.style.top = Math.max(y0 + MARGIN, top) + "px";
  }

  // Mouse: hover opens after a delay, leaving closes.
  document.addEventListener("pointerover", function (event) {
    if (event.pointerType !== "mouse") return;
    var trigger = triggerOf(event.target);
    if (!trigger) return;
    if (trigger === current) { window.clearTimeout(closeTimer); return; }
    if (pinned) return; // a preview opened by hand stays until it is closed
    window.clearTimeout(openTimer);
    var delay = current ? 0 : OPEN_DELAY; // moving from one card to the next: at once
    openTimer = window.setTimeout(function () {
      if (trigger.isConnected && trigger.matches(":hover")) open(trigger, false);
    }, delay);
  });

  document.addEventListener("pointerout", function (event) {
    if (event.pointerType !== "mouse") return;
    var trigger = triggerOf(event.target);
    if (!trigger) return;
    var to = event.relatedTarget;
    if (to && (trigger.contains(to) || (popup && popup.contains(to)))) return;
    window.clearTimeout(openTimer);
    if (trigger === current && !pinned) scheduleClose();
  });

  document.addEventListener("pointerdown", function (event) {
    lastPointer = { type: event.pointerType, time: Date.now() };
    if (!current) return;
    var target = event.target;
    if ((popup && popup.contains(target)) || current.contains(target)) return;
    close(false); // a tap or click elsewhere
  }, true);

  // Taps, clicks and keyboard activation.
  document.addEventListener("click", function (event) {
    var trigger = triggerOf(event.target);
    if (!trigger || clicksOff(trigger) || event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (popup && popup.contains(trigger)) return;
    var fromPointer = Date.now() - lastPointer.time < 1500 && event.detail > 0;
    var touch = fromPointer && lastPointer.type !== "mouse";
    if (isLink(trigger) && !touch) return; // a mouse click or Enter follows the link
    event.preventDefault();
    toggle(trigger);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      if (current) { event.preventDefault(); close(true); }
      return;
    }
    if (event.key !== " " && event.key !== "Enter") return;
    var trigger = event.target && event.target.matches && event.target.matches("[data-card]")
      ? event.target : null;
    if (!trigger || clicksOff(trigger) || isButton(trigger)) return; // buttons click by themselves
    if (isLink(trigger) && event.key === "Enter") return; // Enter follows a link
    event.preventDefault();
    toggle(trigger);
  });

  document.addEventListener("focusin", function (event) {
    var trigger = triggerOf(event.target);
    if (trigger && !trigger.hasAttribute("aria-expanded")) {
      trigger.setAttribute("aria-expanded", "false");
      trigger.setAttribute("aria-controls", "card-preview");
    }
    if (!current) return;
    if (current.contains(event.target) || (popup && popup.contains(event.target))) return;
    close(false);
  });

  function follow(event) {
    if (!current) return;
    if (!current.isConnected) { close(false); return; } // the trigger was swapped away
    if (event && event.type === "scroll" && popup.contains(event.target)) return; // its own text
    place();
  }
  window.addEventListener("resize", follow);
  window.addEventListener("scroll", follow, true);
  if (window.visualViewport) {
    window.visualViewport.addEventListener("resize", follow);
    window.visualViewport.addEventListener("scroll", follow);
  }
  document.addEventListener("htmx:afterSettle", follow);
})();

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

// The Table menu (table actions, by hand) is drawn by the server only for a page that
// shows it (gameplay/views.py, _updates): while the menu or a card's menu is open, every
// request of the board says so (table=1); an update for a page that does not show it
// leaves it out (#table-menu[data-lazy]: its URL), and the page fetches it when its player
// opens it or a card's menu (tableMenu.load). The menu and its cards stay open across
// updates of the board, which redraw it: the disclosures open before a swap are opened
// again after it (and one that came back left out is fetched, by its toggle).
var tableMenu = (function () {
  var open = [];
  var pending = null; // the fetch under way
  function panel() { return document.getElementById("table-menu"); }
  function lazy() {
    var menu = panel();
    return menu !== null && menu.hasAttribute("data-lazy");
  }
  function shown() {
    var menu = panel();
    return (menu !== null && menu.open) || document.getElementById("card-menu") !== null;
  }
  // Words for the player in the flash at the top of the board (a status a screen reader
  // reads).
  function flash(words) {
    var box = document.getElementById("flash");
    if (box === null) return;
    var line = document.createElement("p");
    line.className = "flash";
    line.textContent = words;
    box.replaceChildren(line);
  }
  // Resolves true once the page has the menu (at once if it has), false if it cannot.
  function load() {
    var menu = panel();
    if (menu === null || !lazy()) return Promise.resolve(menu !== null);
    if (pending !== null) return pending;
    pending = window.fetch(menu.dataset.lazy, { credentials: "same-origin", headers: { "HX-Request": "true" } })
      .then(function (response) {
        return response.text().then(function (text) {
          if (!response.ok) throw new Error(text.trim() || "The Table menu could not be drawn: refresh the page.");
          return text;
        });
      })
      .then(function (text) {
        var now = panel();
        if (now === null) return false;
        if (!now.hasAttribute("data-lazy")) return true; // an update drew it meanwhile
        var box = document.createElement("template");
        box.innerHTML = text.trim();
        var fresh = box.content.firstElementChild;
        if (fresh === null || fresh.id !== "table-menu") return false;
        fresh.open = now.open;
        now.replaceWith(fresh);
        if (window.htmx) window.htmx.process(fresh);
        return true;
      })
      .catch(function (error) {
        flash(error && error.message ? error.message : "The Table menu could not be drawn: refresh the page.");
        return false;
      })
      .finally(function () { pending = null; });
    return pending;
  }
  document.addEventListener("htmx:configRequest", function (event) {
    if (shown() && event.detail.elt && event.detail.elt.closest && event.detail.elt.closest(".match-page")) {
      event.detail.parameters.table = "1";
    }
  });
  // "toggle" does not bubble: caught on its way down.
  document.addEventListener("toggle", function (event) {
    if (event.target.id === "table-menu" && event.target.open) load();
  }, true);
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
  return { load: load, lazy: lazy, flash: flash, shown: shown };
})();

// Table actions where the card is (docs/PLAY.md, "Table actions and requests"). A tile the
// viewer may act on by hand (aria-haspopup, gameplay/templatetags/matchtags.py) opens a
// small menu by tap, click, long press, right click, Enter or Space: the card's name,
// "Read the card" (its text, in the card preview) and the very buttons the Table panel
// offers for that card (#table-card-<ref> or #table-target-<ref>, templates/gameplay/
// _table.html). Picking one presses the panel's button, so it is posted by the same form,
// with the same version and fields, to the same view. Arrow keys, Home, End and Tab move
// in the menu, Escape closes it. The menu follows the board's updates: rebuilt when its
// card's actions change (a card with none says so), closed when its tile is gone.
// With a mouse, a card of the viewer's own is dragged onto a row of its own area (the row's
// data-zone is the table:move word: hand, play, discard, dead, deck_top), or an attachment
// onto a card in play: the panel's button for that move is pressed. Where the panel offers
// no such move nothing is posted, and the flash says so.
(function () {
  var WHERE = {
    hand: "to your hand",
    play: "into play",
    discard: "to your discard pile",
    dead: "to your dead pile",
    deck_top: "on top of your deck",
  };
  var GAP = 6; // px between a tile and its menu
  var MARGIN = 8; // px kept free at the viewport's edges
  var menu = null; // the open menu, or null
  var ref = ""; // the card it is for
  var signature = ""; // what it lists, to rebuild it only when that changes
  var refocus = ""; // a card to focus again once the board is redrawn
  var dragged = null; // the tile being dragged
  var dropped = false;
  var over = null; // the place a dragged card would be dropped on
  var spaced = false; // the menu was opened by Space, not yet released

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }
  function tileOf(node) {
    var tile = node && node.closest ? node.closest("[data-ref][aria-haspopup]") : null;
    return tile !== null && tile.closest("#board") !== null ? tile : null;
  }
  function tileFor(card) {
    return document.querySelector('#board [data-ref="' + CSS.escape(card) + '"][aria-haspopup]');
  }
  function panelFor(card) {
    return document.getElementById("table-card-" + card) || document.getElementById("table-target-" + card);
  }
  function buttonsOf(card) {
    var panel = panelFor(card);
    return panel === null ? [] : Array.prototype.slice.call(panel.querySelectorAll("form button[type=submit]"));
  }
  function nameOf(tile) {
    var name = tile.querySelector(".gname");
    return name !== null ? name.textContent.trim() : "This card";
  }
  // Words for the player: in the flash at the top of the board (a status a screen reader
  // reads), and, after a drop, a moment where the card was dropped too (the flash may be
  // scrolled out of sight).
  var note = null;
  function say(words, x, y) {
    tableMenu.flash(words);
    if (note !== null) note.remove();
    if (x === undefined) return;
    note = document.createElement("p");
    note.className = "drop-note";
    note.setAttribute("aria-hidden", "true");
    note.textContent = words;
    document.body.appendChild(note);
    var width = document.documentElement.clientWidth, box = note.getBoundingClientRect();
    note.style.left = Math.max(MARGIN, Math.min(x - box.width / 2, width - box.width - MARGIN)) + "px";
    note.style.top = Math.max(MARGIN, y - box.height - GAP) + "px";
    var shown = note;
    window.setTimeout(function () { shown.remove(); if (note === shown) note = null; }, 4000);
  }

  function items() { return menu === null ? [] : Array.prototype.slice.call(menu.querySelectorAll("[role=menuitem]")); }
  function focusables() { return menu === null ? [] : Array.prototype.slice.call(menu.querySelectorAll("select, button")); }

  function listed(card) {
    return JSON.stringify(buttonsOf(card).map(function (b) { return [b.name, b.value, b.textContent.trim()]; }));
  }

  function build(tile) {
    var card = tile.dataset.ref, panel = panelFor(card), name = nameOf(tile);
    var box = document.createElement("div");
    box.id = "card-menu";
    box.className = "card-menu";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-label", name + ": card menu");
    var title = document.createElement("p");
    title.className = "card-menu-title";
    title.textContent = name;
    box.appendChild(title);
    var select = panel !== null ? panel.querySelector("select[name=source]") : null;
    if (select !== null) { // a request may name the card of the viewer's it is for
      var label = document.createElement("label");
      label.textContent = "For ";
      var copy = select.cloneNode(true);
      copy.value = select.value;
      label.appendChild(copy);
      box.appendChild(label);
    }
    var list = document.createElement("div");
    list.setAttribute("role", "menu");
    list.setAttribute("aria-label", name);
    box.appendChild(list);
    function item(words, into) {
      var button = document.createElement("button");
      button.type = "button";
      button.setAttribute("role", "menuitem");
      button.textContent = words;
      into.appendChild(button);
      return button;
    }
    item("Read the card", list).className = "card-menu-read";
    var into = list;
    if (panel !== null && panel.classList.contains("table-target")) { // requests to its controller
      var owner = panel.querySelector("summary .muted");
      var ask = "Ask " + (owner !== null ? owner.textContent.trim().replace(/^\((.*)\)$/, "$1") : "its controller");
      into = document.createElement("div");
      into.setAttribute("role", "group");
      into.setAttribute("aria-label", ask);
      var sub = document.createElement("p");
      sub.className = "card-menu-sub";
      sub.setAttribute("aria-hidden", "true");
      sub.textContent = ask + ":";
      into.appendChild(sub);
      list.appendChild(into);
    }
    var offered = buttonsOf(card);
    offered.forEach(function (b) {
      var button = item(b.textContent.trim(), into);
      button.dataset.name = b.name;
      button.value = b.value;
    });
    if (offered.length === 0) {
      var none = document.createElement("p");
      none.className = "card-menu-none muted";
      none.textContent = "Nothing to do with this card by hand now.";
      box.appendChild(none);
    }
    return box;
  }

  // Beside the tile: below it when the menu fits there, else above, else where there is
  // more room (scrolling inside); never past the viewport's edges (a 390 px phone).
  function place() {
    var tile = menu !== null ? tileFor(ref) : null;
    if (tile === null) return;
    var view = window.visualViewport, root = document.documentElement;
    var x0 = view ? view.offsetLeft : 0, y0 = view ? view.offsetTop : 0;
    var width = view ? Math.min(view.width, root.clientWidth) : root.clientWidth;
    var height = view ? Math.min(view.height, root.clientHeight) : root.clientHeight;
    var rect = tile.getBoundingClientRect();
    menu.style.maxHeight = "";
    menu.style.left = "0px";
    menu.style.top = "0px";
    var box = menu.getBoundingClientRect();
    var below = y0 + height - rect.bottom - GAP - MARGIN, above = rect.top - y0 - GAP - MARGIN;
    var top;
    if (box.height <= below || below >= above) {
      top = rect.bottom + GAP;
      if (box.height > below) menu.style.maxHeight = Math.max(below, 120) + "px";
    } else {
      var room = Math.max(above, 120);
      if (box.height > room) menu.style.maxHeight = room + "px";
      top = rect.top - GAP - Math.min(box.height, room);
    }
    var left = Math.min(rect.left, x0 + width - box.width - MARGIN);
    menu.style.left = Math.max(x0 + MARGIN, left) + "px";
    menu.style.top = Math.max(y0 + MARGIN, top) + "px";
  }

  // A page whose last update left the Table menu out fetches it first (its buttons are
  // the menu's).
  function open(tile) {
    if (tableMenu.lazy()) {
      var card = tile.dataset.ref;
      tableMenu.load().then(function (ready) {
        var again = ready ? tileFor(card) : null;
        if (again !== null && !tableMenu.lazy()) open(again);
      });
      return;
    }
    close(false);
    ref = tile.dataset.ref;
    signature = listed(ref);
    menu = build(tile);
    document.body.appendChild(menu);
    tile.setAttribute("aria-expanded", "true");
    tile.setAttribute("aria-controls", "card-menu");
    // The mouse leaves the tile, as far as its hover preview knows (card-preview.js): one
    // about to open would cover the menu ("Read the card" opens it).
    tile.dispatchEvent(new PointerEvent("pointerout", { bubbles: true, pointerType: "mouse" }));
    place();
    items()[0].focus({ preventScroll: true });
  }

  function close(restoreFocus) {
    if (menu === null) return;
    var tile = tileFor(ref);
    menu.remove();
    menu = null;
    if (tile !== null) {
      tile.setAttribute("aria-expanded", "false");
      if (restoreFocus) tile.focus({ preventScroll: true });
    }
  }

  // The card's text: the preview opens on the tile itself, as a tap on a tile without a
  // menu does (card-preview.js, which leaves a tile with data-card-click="off" alone).
  function read(tile) {
    close(true);
    tile.removeAttribute("data-card-click");
    try { tile.click(); } finally { tile.dataset.cardClick = "off"; }
  }

  function pick(button) {
    var card = ref, tile = tileFor(card);
    if (button.classList.contains("card-menu-read")) {
      if (tile !== null) read(tile);
      return;
    }
    var source = menu.querySelector("select[name=source]");
    var found = buttonsOf(card).filter(function (b) {
      return b.name === button.dataset.name && b.value === button.value;
    })[0];
    close(true);
    if (found === undefined) {
      say("That is no longer offered for this card; open its menu again.");
      return;
    }
    var panelSelect = found.form.querySelector("select[name=source]");
    if (panelSelect !== null && source !== null) panelSelect.value = source.value;
    refocus = card;
    found.click(); // the Table panel's own form posts it
  }

  document.addEventListener("click", function (event) {
    if (menu !== null && menu.contains(event.target)) {
      var button = event.target.closest("[role=menuitem]");
      if (button !== null) pick(button);
      return;
    }
    var tile = tileOf(event.target);
    if (tile === null || event.button !== 0) return;
    if (tile.dataset.cardClick !== "off") return; // pressed by read(): the preview's click
    event.preventDefault();
    if (menu !== null && ref === tile.dataset.ref) close(true);
    else open(tile);
  });

  // A long press on a touch screen, or a right click.
  document.addEventListener("contextmenu", function (event) {
    var tile = tileOf(event.target);
    if (tile === null) return;
    event.preventDefault();
    open(tile);
  });

  document.addEventListener("keydown", function (event) {
    var tile = tileOf(event.target);
    if (tile !== null && event.target === tile && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      open(tile);
      spaced = event.key === " "; // its keyup must not press the item focused now
      return;
    }
    if (menu === null || !menu.contains(event.target)) return;
    if (event.key === "Escape") {
      if (event.defaultPrevented) return; // the card's preview closed first
      event.preventDefault();
      close(true);
      return;
    }
    if (event.target.tagName === "SELECT" && event.key !== "Tab") return; // its own keys
    var list = event.key === "Tab" ? focusables() : items();
    var at = list.indexOf(event.target), next = -1;
    if (event.key === "ArrowDown") next = at + 1;
    else if (event.key === "ArrowUp") next = at < 0 ? list.length - 1 : at - 1;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = list.length - 1;
    else if (event.key === "Tab") next = at + (event.shiftKey ? -1 : 1);
    else return;
    event.preventDefault();
    list[(next + list.length) % list.length].focus();
  });

  // While its menu is open, hovering a tile does not open its preview over the menu.
  window.addEventListener("pointerover", function (event) {
    if (menu === null || event.pointerType !== "mouse") return;
    var tile = tileOf(event.target);
    if (tile !== null && tile.dataset.ref === ref) event.stopPropagation();
  }, true);

  document.addEventListener("keyup", function (event) {
    if (spaced && event.key === " ") event.preventDefault();
    spaced = false;
  });

  // A tap or a click elsewhere, or focus moving elsewhere, closes it (not the preview of
  // the card it opened).
  function away(target) {
    if (menu === null || menu.contains(target)) return;
    var preview = document.getElementById("card-preview");
    if (preview !== null && preview.contains(target)) return;
    var tile = tileOf(target);
    if (tile !== null && tile.dataset.ref === ref) return; // its click closes it
    close(false);
  }
  // A finger or a pointer down on a tile, or the focus on it, fetches a Table menu the
  // last update left out, so that its card's menu opens without a wait.
  function soon(target) {
    if (tileOf(target) !== null && tableMenu.lazy()) tableMenu.load();
  }
  document.addEventListener("pointerdown", function (event) { away(event.target); soon(event.target); }, true);
  document.addEventListener("focusin", function (event) { away(event.target); soon(event.target); });
  window.addEventListener("resize", place);
  window.addEventListener("scroll", function (event) {
    if (menu !== null && !menu.contains(event.target)) place();
  }, true);

  // A mouse drags the viewer's own cards (a finger opens the menu instead).
  function draggable() {
    if (!window.matchMedia("(any-pointer: fine)").matches) return;
    each(document.querySelectorAll("#board .player.me [data-ref][aria-haspopup]"), function (tile) {
      tile.draggable = true;
    });
  }

  // The board was redrawn (a poll, an action): the menu follows its card (once the Table
  // menu is in again, if an update asked before the menu opened left it out).
  function redrawn(event) {
    if (event.target.id !== "board") return;
    draggable();
    if (menu !== null && tableMenu.lazy()) tableMenu.load().then(follow);
    else follow();
  }
  function follow() {
    if (menu !== null) {
      var tile = tileFor(ref);
      if (tile === null) {
        close(false);
      } else {
        tile.setAttribute("aria-expanded", "true");
        tile.setAttribute("aria-controls", "card-menu");
        if (listed(ref) !== signature) {
          var focused = document.activeElement, value = focused && menu.contains(focused) ? focused.value : "";
          var fresh = build(tile);
          var source = menu.querySelector("select[name=source]"), copy = fresh.querySelector("select[name=source]");
          if (source !== null && copy !== null) copy.value = source.value;
          menu.replaceWith(fresh);
          menu = fresh;
          signature = listed(ref);
          var again = items().filter(function (b) { return b.value === value; })[0] || items()[0];
          again.focus({ preventScroll: true });
        }
        place();
      }
    }
    if (refocus) {
      var active = document.activeElement;
      var card = tileFor(refocus);
      refocus = "";
      if (card !== null && (active === null || active === document.body)) card.focus({ preventScroll: true });
    }
  }
  document.addEventListener("DOMContentLoaded", draggable);
  document.addEventListener("htmx:oobAfterSwap", redrawn);

  function placeOf(node) {
    if (dragged === null || node === null || !node.closest) return null;
    var host = node.closest("#board .characters .gtile[data-ref], #board .locations .gtile[data-ref]");
    if (host !== null && host !== dragged && dragged.classList.contains("type-attachment")) return host;
    return node.closest("#board .player.me [data-zone]");
  }
  function hover(place) {
    if (over === place) return;
    if (over !== null) over.classList.remove("drop-over");
    over = place;
    if (over !== null) over.classList.add("drop-over");
  }
  document.addEventListener("dragstart", function (event) {
    var tile = tileOf(event.target);
    if (tile === null || event.target !== tile || tile.closest(".player.me") === null) return;
    close(false);
    dragged = tile;
    dropped = false;
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", nameOf(tile));
    document.body.classList.add("card-dragging");
  });
  document.addEventListener("dragover", function (event) {
    var place = placeOf(event.target);
    hover(place);
    if (place === null) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
  });
  document.addEventListener("drop", function (event) {
    var place = placeOf(event.target);
    if (place === null) return;
    event.preventDefault();
    dropped = true;
    move(dragged, place, event.clientX, event.clientY);
  });
  document.addEventListener("dragend", function (event) {
    if (dragged !== null && !dropped) {
      var box = dragged.getBoundingClientRect(), x = event.clientX, y = event.clientY;
      if (!x && !y) { x = box.left + box.width / 2; y = box.top; }
      say("Nothing moved: drop the card on a row of your area (your hand, characters, locations, " +
        "discard or dead pile, deck), or an attachment on a card in play.", x, y);
    }
    hover(null);
    dragged = null;
    document.body.classList.remove("card-dragging");
  });

  function move(tile, place, x, y) {
    if (tableMenu.lazy()) { // its buttons first
      tableMenu.load().then(function (ready) {
        if (ready && !tableMenu.lazy()) move(tile, place, x, y);
      });
      return;
    }
    var card = tile.dataset.ref, name = nameOf(tile), wanted, where;
    var zone = place.dataset.zone;
    if (zone) {
      var from = tile.closest("[data-zone]");
      if (from !== null && from.dataset.zone === zone) {
        say("Nothing moved: " + name + " is already there.", x, y);
        return;
      }
      wanted = ":table:move:" + card + "=" + zone;
      where = WHERE[zone] || zone;
    } else {
      wanted = ":table:move:" + card + "," + place.dataset.ref + "=attach";
      where = "onto " + nameOf(place);
    }
    function button(value) {
      return buttonsOf(card).filter(function (b) {
        return b.name === "action" && b.value.slice(b.value.indexOf(":")) === value;
      })[0];
    }
    // Into play from the hand in the marshalling phase is marshalling: the panel offers
    // "Marshal, paying N gold" then, and a drop takes it ("Into play" stays in the menu).
    var paying = zone === "play" || !zone ? wanted.replace(/=(play|attach)$/, "=marshal") : null;
    var found = (paying && button(paying)) || button(wanted);
    if (found === undefined) {
      say("Nothing moved: " + name + " cannot go " + where + " now (its menu lists what it can do).", x, y);
      return;
    }
    found.click(); // the Table panel's own form posts it
  }
})();

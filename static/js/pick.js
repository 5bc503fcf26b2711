// Attackers and defenders: the tiles ticked so far, their number and STR added up, shown
// as picked before Done (the engine receives them all with Done: services.match_pick). At
// the most the choice allows, the tiles left unticked are disabled until one is unticked.
(function () {
  function update(form) {
    var out = form.querySelector(".pick-total");
    var most = parseInt(form.dataset.max || "0", 10);
    var boxes = form.querySelectorAll("input[name=card]");
    var count = 0, strength = 0;
    boxes.forEach(function (box) {
      if (box.checked) {
        count += 1;
        strength += parseInt(box.dataset.strength || "0", 10);
      }
    });
    boxes.forEach(function (box) {
      box.disabled = !box.checked && most > 0 && count >= most;
      var tile = box.closest(".pick-card");
      if (tile !== null) {
        tile.classList.toggle("picked", box.checked);
        tile.classList.toggle("full", box.disabled);
      }
    });
    if (out !== null) out.textContent = form.dataset.label + ": " + count + ", STR " + strength + ".";
  }
  function all() { document.querySelectorAll("form.pick-form").forEach(update); }
  // An update may draw the same prompt again (a poll sent before the page's own move came
  // back): the tiles ticked so far stay ticked when the prompt is the same one (its key).
  var kept = null;
  document.addEventListener("htmx:oobBeforeSwap", function () {
    var prompt = document.getElementById("prompt");
    var form = prompt !== null ? prompt.querySelector("form.pick-form") : null;
    if (form === null) { kept = null; return; }
    kept = {
      key: prompt.dataset.key,
      ticked: Array.prototype.map.call(form.querySelectorAll("input[name=card]:checked"),
        function (box) { return box.value; }),
    };
  });
  document.addEventListener("htmx:oobAfterSwap", function () {
    var prompt = document.getElementById("prompt");
    if (kept === null || prompt === null || prompt.dataset.key !== kept.key) return;
    var form = prompt.querySelector("form.pick-form");
    if (form === null) return;
    form.querySelectorAll("input[name=card]").forEach(function (box) {
      if (kept.ticked.indexOf(box.value) >= 0) box.checked = true;
    });
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest ? event.target.closest("form.pick-form") : null;
    if (form !== null) update(form);
  });
  document.addEventListener("DOMContentLoaded", all);
  document.addEventListener("htmx:oobAfterSwap", all);
  document.addEventListener("htmx:afterSwap", all);
})();

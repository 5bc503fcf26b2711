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
  document.addEventListener("change", function (event) {
    var form = event.target.closest ? event.target.closest("form.pick-form") : null;
    if (form !== null) update(form);
  });
  document.addEventListener("DOMContentLoaded", all);
  document.addEventListener("htmx:oobAfterSwap", all);
  document.addEventListener("htmx:afterSwap", all);
})();

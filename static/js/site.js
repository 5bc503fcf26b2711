// Behaviour every page may use, kept out of the templates: the Content-Security-Policy
// (config/security.py) runs no inline script, no onclick= and no hx-on attribute.
(function () {
  // <button data-print>: print the page.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-print]");
    if (button) window.print();
  });
  // <form data-reset-on-success>: empty the form once htmx has sent it successfully.
  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.target.closest("form[data-reset-on-success]");
    if (form && event.detail.successful) form.reset();
  });
})();

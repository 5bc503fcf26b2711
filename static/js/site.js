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

// Django's CSRF token, taken from its cookie on each request htmx sends. Logging in (in
// another tab too) replaces the cookie; a form drawn before, by the page or by its stream
// (static/js/live.js), would still carry a token of the old one, and be refused (403)
// until the page was loaded again. The cookie's own value is a token Django accepts.
(function () {
  var COOKIE = /(?:^|;\s*)csrftoken=([^;]+)/; // settings.CSRF_COOKIE_NAME (Django's default)
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.verb === "get") return;
    var found = COOKIE.exec(document.cookie);
    if (found === null) return; // no cookie: the page's own token, as drawn
    var token = decodeURIComponent(found[1]);
    event.detail.headers["X-CSRFToken"] = token;
    var data = event.detail.formData;
    if (data && data.has("csrfmiddlewaretoken")) data.set("csrfmiddlewaretoken", token);
  });
})();

// The web application's own script: loaded from our origin, no inline code (the CSP allows none).
'use strict';
(function () {
  const csrf = document.querySelector('meta[name="csrf-token"]');
  // htmx requests carry the page's CSRF token as a header, as forms carry it as a field.
  document.addEventListener('htmx:configRequest', function (event) {
    if (csrf) event.detail.headers['X-CSRF-Token'] = csrf.getAttribute('content');
  });
  // New search results take the focus (their heading), so a keyboard user goes on from them.
  document.addEventListener('htmx:afterSwap', function (event) {
    if (event.detail.target.id !== 'search-results') return;
    const heading = document.getElementById('results-title');
    if (heading) heading.focus();
  });
  document.addEventListener('click', function (event) {
    const button = event.target.closest('[data-copy]');
    if (!button) return;
    const source = document.getElementById(button.getAttribute('data-copy'));
    if (!source || !navigator.clipboard) return;
    navigator.clipboard.writeText(source.textContent.trim()).then(
      function () {
        button.textContent = 'Copied';
      },
      function () {
        button.textContent = 'Select and copy';
      },
    );
  });
})();

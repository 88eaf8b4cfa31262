// The load planner's form: a chosen CSV file is read into the CSV box in the browser (nothing is uploaded
// until the form is sent). Without script the box is pasted into instead, so the file input stays hidden.
'use strict';
(function () {
  const input = document.getElementById('lp-csv-file');
  const box = document.getElementById('lp-csv');
  if (!input || !box || !window.FileReader) return;
  input.closest('.csv-file').hidden = false;
  input.addEventListener('change', function () {
    const file = input.files && input.files[0];
    if (!file) return;
    file.text().then(function (text) {
      box.value = text;
      box.focus();
    });
  });
})();

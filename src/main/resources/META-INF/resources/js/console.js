// Asks before a form marked data-confirm changes anything.
document.addEventListener('submit', function (event) {
  var form = event.target;
  var question = form.getAttribute('data-confirm');
  if (!question) { return; }
  var button = event.submitter;
  var what = button ? button.textContent.trim() : 'Submit';
  if (!window.confirm(question + '\n\n' + what)) { event.preventDefault(); }
});

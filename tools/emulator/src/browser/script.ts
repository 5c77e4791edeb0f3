/**
 * The data browser's one script (served as /browser.js, the only script its pages may run): it
 * asks before forms marked `data-confirm` post, and shows the hint of the value type chosen in a
 * form. Every page works without it.
 */
export const BROWSER_SCRIPT = `'use strict';
document.addEventListener('submit', function (event) {
  var form = event.target;
  var question = form && form.getAttribute && form.getAttribute('data-confirm');
  if (question && !window.confirm(question)) event.preventDefault();
});
function showHint(select) {
  var hint = document.getElementById(select.getAttribute('data-hint'));
  var option = select.options[select.selectedIndex];
  if (hint && option) hint.textContent = option.getAttribute('data-hint') || '';
}
document.addEventListener('change', function (event) {
  var target = event.target;
  if (target && target.matches && target.matches('select[data-hint]')) showHint(target);
});
document.addEventListener('DOMContentLoaded', function () {
  document.querySelectorAll('select[data-hint]').forEach(showHint);
});
`;

{|(function () {
  var n = document.getElementById('card_number');
  var label = document.getElementById('card_brand');
  function brand(d) {
    if (/^4/.test(d)) return 'Visa';
    if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(d)) return 'Mastercard';
    if (/^3[47]/.test(d)) return 'American Express';
    if (/^(506[01]|507[89]|6500)/.test(d)) return 'Verve';
    return '';
  }
  if (n) {
    n.addEventListener('input', function () {
      var d = n.value.replace(/\D/g, '').slice(0, 19);
      var grouped = d.replace(/(\d{4})(?=\d)/g, '$1 ');
      if (grouped !== n.value) n.value = grouped;
      if (label) label.textContent = brand(d);
    });
  }
  var e = document.getElementById('expiry');
  if (e) {
    e.addEventListener('input', function () {
      var d = e.value.replace(/\D/g, '').slice(0, 4);
      var v = d.length > 2 ? d.slice(0, 2) + '/' + d.slice(2) : d;
      if (v !== e.value) e.value = v;
    });
  }
  var t = document.querySelector('#expires time');
  if (t) {
    var at = new Date(t.getAttribute('datetime'));
    if (!isNaN(at.getTime())) t.textContent = at.toLocaleTimeString([], {hour: '2-digit', minute: '2-digit'});
  }
  var main = document.querySelector('main[data-expires-at]');
  if (main) {
    var end = Date.parse(main.getAttribute('data-expires-at'));
    var warn = document.getElementById('expiry_warning');
    var tick = function () {
      var left = end - Date.now();
      if (warn && left > 0 && left <= 300000) {
        var m = Math.ceil(left / 60000);
        warn.textContent = 'Less than ' + m + (m === 1 ? ' minute' : ' minutes') + ' left to pay.';
        warn.hidden = false;
      }
    };
    tick();
    setInterval(tick, 15000);
    var left = end - Date.now();
    if (left > 0 && left < 86400000) setTimeout(function () { location.reload(); }, left + 1000);
  }
})();
|}

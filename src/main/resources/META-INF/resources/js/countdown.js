// Counts down to the start written in <time id="starts-at">, then reloads so the live page appears.
(function () {
  var time = document.getElementById('starts-at');
  var out = document.getElementById('countdown');
  if (!time || !out) { return; }
  var start = Date.parse(time.getAttribute('datetime'));
  time.textContent = new Date(start).toLocaleString();
  function tick() {
    var left = Math.max(0, Math.round((start - Date.now()) / 1000));
    var h = Math.floor(left / 3600), m = Math.floor(left % 3600 / 60), s = left % 60;
    out.textContent = (h ? h + ' h ' : '') + (h || m ? m + ' min ' : '') + s + ' s';
    // Spread the reloads so a waiting audience does not arrive in the same second.
    if (left === 0) { setTimeout(function () { location.reload(); }, 15000 + Math.random() * 30000); return; }
    setTimeout(tick, 1000);
  }
  tick();
}());

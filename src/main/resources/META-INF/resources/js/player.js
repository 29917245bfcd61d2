// Plays the page's HLS playlist with hls.js where Media Source Extensions exist (it honours the playlist's
// ladder and reports errors); natively only where hls.js cannot run (Safari on iOS).
(function () {
  var video = document.getElementById('player');
  if (!video) { return; }
  var src = video.getAttribute('data-src');
  if (window.Hls && window.Hls.isSupported()) {
    var hls = new window.Hls({ capLevelToPlayerSize: true });
    hls.loadSource(src);
    hls.attachMedia(video);
    hls.on(window.Hls.Events.ERROR, function (event, data) {
      if (data.fatal) { video.setAttribute('data-error', data.type); }
    });
    window.velvetHls = hls;
  } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = src;
  } else {
    video.insertAdjacentHTML('afterend', '<p role="alert">This browser cannot play the stream; use the playlist link below.</p>');
  }
}());

// Plays the page's HLS playlist: natively where the browser can (Safari, iOS), with hls.js otherwise.
(function () {
  var video = document.getElementById('player');
  if (!video) { return; }
  var src = video.getAttribute('data-src');
  if (video.canPlayType('application/vnd.apple.mpegurl')) {
    video.src = src;
  } else if (window.Hls && window.Hls.isSupported()) {
    var hls = new window.Hls({ capLevelToPlayerSize: true });
    hls.loadSource(src);
    hls.attachMedia(video);
    hls.on(window.Hls.Events.ERROR, function (event, data) {
      if (data.fatal) { video.setAttribute('data-error', data.type); }
    });
    window.velvetHls = hls;
  } else {
    video.insertAdjacentHTML('afterend', '<p role="alert">This browser cannot play the stream; use the playlist link below.</p>');
  }
}());

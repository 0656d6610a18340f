/* kifu viewer: keyboard stepping, the help overlay, the move-list highlight, SSE resume.
   Everything here is an enhancement: without it the controls are plain links. */
(function () {
  'use strict';

  function navLink(name) {
    return document.querySelector('#stage a[data-nav="' + name + '"]');
  }

  /* htmx processes swapped-in links only when the swap settles; a key pressed in between
     would follow the bare link (a full page load), so keys ask htmx directly. */
  function go(name) {
    var a = navLink(name);
    if (!a) { return; }
    var stage = document.getElementById('stage');
    if (window.htmx && stage) {
      window.htmx.ajax('GET', a.getAttribute('href'), {source: stage, target: '#stage', swap: 'outerHTML'});
    } else {
      a.click();
    }
  }

  function help() { return document.getElementById('help'); }

  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  document.addEventListener('keydown', function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) { return; }
    if (!document.getElementById('stage')) { return; }
    var h = help();
    switch (e.key) {
      case 'ArrowRight': case 'j': go('next'); break;
      case 'ArrowLeft': case 'k': go('prev'); break;
      case 'Home': go('first'); break;
      case 'End': go('last'); break;
      case '?': if (h) { h.open = !h.open; } break;
      case 'Escape': if (h && h.open) { h.open = false; } else { return; } break;
      default: return;
    }
    e.preventDefault();
  });

  /* Mark the current step in the move list (the list is not re-sent with each step). */
  function highlight() {
    var stage = document.getElementById('stage');
    var moves = document.getElementById('moves');
    if (!stage || !moves) { return; }
    var step = stage.getAttribute('data-step');
    var old = moves.querySelectorAll('.current');
    for (var i = 0; i < old.length; i++) {
      old[i].classList.remove('current');
      var link = old[i].querySelector('a');
      if (link) { link.removeAttribute('aria-current'); }
    }
    var row = document.getElementById('mv-' + step);
    if (!row) { return; }
    row.classList.add('current');
    var a = row.querySelector('a');
    if (a) { a.setAttribute('aria-current', 'step'); }
    var box = moves.getBoundingClientRect(), r = row.getBoundingClientRect();
    if (r.top < box.top || r.bottom > box.bottom) { row.scrollIntoView({block: 'nearest'}); }
  }

  document.addEventListener('DOMContentLoaded', highlight);
  document.addEventListener('htmx:afterSwap', highlight);
  document.addEventListener('htmx:afterSettle', highlight);
  document.addEventListener('htmx:sseMessage', function (e) {
    /* Resume after the last event seen if the extension has to reconnect from scratch. */
    var id = e.detail && e.detail.lastEventId;
    var src = e.target && e.target.closest ? e.target.closest('[sse-connect]') : null;
    if (id && src) {
      src.setAttribute('sse-connect', src.getAttribute('sse-connect').replace(/([?&]after=)\d+/, '$1' + id));
    }
    highlight();
  });
})();

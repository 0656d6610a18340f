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

  var helpOpener = null;

  function setHelp(open) {
    var h = help();
    if (!h || h.open === open) { return; }
    if (open) { helpOpener = document.activeElement; }
    h.open = open;
  }

  /* Focus follows the overlay: into it when it opens, back where it was when it closes. */
  document.addEventListener('toggle', function (e) {
    var h = help();
    if (e.target !== h) { return; }
    if (h.open) {
      var close = h.querySelector('[data-help-close]');
      if (close) { close.focus(); }
    } else if (helpOpener && document.contains(helpOpener) && helpOpener.focus) {
      helpOpener.focus();
      helpOpener = null;
    }
  }, true);

  document.addEventListener('click', function (e) {
    var h = help();
    if (!h || !h.open) { return; }
    if (e.target.closest('[data-help-close]')) { setHelp(false); return; }
    /* a click outside the overlay (on the dimmed page) closes it */
    if (!e.target.closest('#help .help-body') && !e.target.closest('#help summary')) { setHelp(false); }
  });

  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  document.addEventListener('keydown', function (e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) { return; }
    if (!document.getElementById('stage')) { return; }
    var h = help();
    if (h && h.open && e.key !== '?' && e.key !== 'Escape') { return; }  /* the overlay is modal for keys */
    switch (e.key) {
      case 'ArrowRight': case 'j': go('next'); break;
      case 'ArrowLeft': case 'k': go('prev'); break;
      case 'Home': go('first'); break;
      case 'End': go('last'); break;
      case '?': if (h) { setHelp(!h.open); } break;
      case 'Escape': if (h && h.open) { setHelp(false); } else { return; } break;
      default: return;
    }
    e.preventDefault();
  });

  /* Keep the current row in the middle of the move list. Only the list scrolls: the window
     stays where the reader put it (on a phone the list is below the board). */
  function reveal(moves, row) {
    var box = moves.getBoundingClientRect(), r = row.getBoundingClientRect();
    var head = 28; /* a sticky turn heading covers the list's first line */
    if (r.top < box.top + head || r.bottom > box.bottom) {
      moves.scrollTop += (r.top - box.top) - (moves.clientHeight - r.height) / 2;
    }
  }

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
    if (!row) { loadWindow(moves, step); return; }
    row.classList.add('current');
    var a = row.querySelector('a');
    if (a) { a.setAttribute('aria-current', 'step'); }
    reveal(moves, row);
  }

  /* A long match's list holds a window of entries (match/_window.html). A step outside it
     (a key, "last", a turn jump) brings the window around that step, once per step. */
  var windowAsked = null;
  function loadWindow(moves, step) {
    var url = moves.getAttribute('data-window-url');
    if (!url || !window.htmx || step === null || windowAsked === url + step) { return; }
    windowAsked = url + step;
    window.htmx.ajax('GET', url + '&step=' + encodeURIComponent(step), {source: moves, target: '#moves', swap: 'innerHTML'});
  }

  /* New rows (SSE "moves") are appended to the list only when it reaches the head: below a
     "later moves" loader they would leave a gap. The loader brings them when followed; rows
     that arrived while it was loading are fetched after it (latestSeen). */
  var latestSeen = 0;
  document.addEventListener('htmx:sseBeforeMessage', function (e) {
    var id = parseInt(e.detail && e.detail.lastEventId, 10);
    if (id > latestSeen) { latestSeen = id; }
    if (e.detail && e.detail.type === 'moves' && document.querySelector('#moves [data-window="later"]')) {
      e.preventDefault();
    }
  });
  document.addEventListener('htmx:afterSettle', function () {
    var moves = document.getElementById('moves');
    if (!moves || !window.htmx || moves.querySelector('[data-window="later"]')) { return; }
    var rows = moves.querySelectorAll('li.move[data-step]');
    var last = rows.length ? parseInt(rows[rows.length - 1].getAttribute('data-step'), 10) : 0;
    var url = moves.getAttribute('data-window-url');
    if (url && latestSeen > last && windowAsked !== url + 'after' + last) {
      windowAsked = url + 'after' + last;
      window.htmx.ajax('GET', url + '&after=' + last, {source: moves, target: '#moves', swap: 'beforeend'});
    }
  });

  /* A backup arriving live strikes through rows already on the page: bring the window
     around the current step again (the server marks them), once per backup. */
  var backupsSeen = {};
  document.addEventListener('htmx:afterSettle', function () {
    var moves = document.getElementById('moves');
    if (!moves) { return; }
    var rows = moves.querySelectorAll('li[data-backup]');
    var fresh = null;
    for (var i = 0; i < rows.length; i++) {
      var seq = rows[i].getAttribute('data-step');
      if (!backupsSeen[seq]) { backupsSeen[seq] = true; fresh = fresh || (document.readyState === 'complete' ? rows[i] : null); }
    }
    if (!fresh) { return; }
    var current = moves.querySelector('li.move.current') || fresh;
    windowAsked = null;
    loadWindow(moves, current.getAttribute('data-step'));
  });
  document.addEventListener('DOMContentLoaded', function () {
    var rows = document.querySelectorAll('#moves li[data-backup]');
    for (var i = 0; i < rows.length; i++) { backupsSeen[rows[i].getAttribute('data-step')] = true; }
  });

  document.addEventListener('DOMContentLoaded', highlight);
  document.addEventListener('htmx:afterSwap', highlight);
  document.addEventListener('htmx:afterSettle', highlight);
  /* The SSE extension reconnects with backoff on its own (also after a 429 when the
     server's stream slots are full); say so, so that a follower knows the page is not live. */
  function liveStatus(interrupted) {
    var el = document.getElementById('live-status');
    if (el) { el.hidden = !interrupted; }
  }
  document.addEventListener('htmx:sseError', function () { liveStatus(true); });
  document.addEventListener('htmx:sseOpen', function () { liveStatus(false); });
  document.addEventListener('htmx:sseMessage', function (e) {
    /* Resume after the last event seen if the extension has to reconnect from scratch. */
    var id = e.detail && e.detail.lastEventId;
    var src = e.target && e.target.closest ? e.target.closest('[sse-connect]') : null;
    if (id && src) {
      src.setAttribute('sse-connect', src.getAttribute('sse-connect').replace(/([?&]after=)\d+/, '$1' + id));
    }
    highlight();
  });
  /* Pickers (web/templates/_picker.html): typing filters the options by name, id or
     number; Enter picks the first option shown. Without this the server does both. */
  function fold(text) { return (text || '').normalize('NFKC').toLowerCase(); }

  function filterPicker(input) {
    var box = input.closest('[data-picker]');
    if (!box) { return; }
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    var options = box.querySelectorAll('[data-search]');
    for (var i = 0; i < options.length; i++) {
      var text = options[i].getAttribute('data-search');
      var hit = words.every(function (w) { return text.indexOf(w) >= 0; });
      options[i].hidden = !hit;
      if (hit) { shown++; }
    }
    var count = box.querySelector('[data-count]');
    if (count) { count.textContent = shown; }
    /* a card that cannot be the outcome says why, rather than leaving an empty list */
    var whys = box.querySelectorAll('[data-why]'), named = 0;
    for (var j = 0; j < whys.length; j++) {
      var why = words.length > 0 && words.every(function (w) { return whys[j].getAttribute('data-why').indexOf(w) >= 0; });
      whys[j].hidden = !why;
      if (why) { named++; }
    }
    var none = box.querySelector('[data-why-none]');
    if (none) { none.hidden = !(words.length > 0 && shown === 0 && named === 0); }
  }

  document.addEventListener('input', function (e) {
    if (e.target.matches && e.target.matches('[data-filter]')) { filterPicker(e.target); }
  });

  document.addEventListener('keydown', function (e) {
    if (e.key !== 'Enter' || !e.target.matches || !e.target.matches('[data-filter]')) { return; }
    var box = e.target.closest('[data-picker]');
    var first = box ? box.querySelector('[data-search]:not([hidden])') : null;
    if (!first) { return; }
    e.preventDefault();
    (first.querySelector('[data-add]') || first).click();
    /* a multi-pick form stays: clear the search for the next card */
    if (box.hasAttribute('data-multi')) { e.target.value = ''; filterPicker(e.target); }
  });

  /* Multi-pick forms (a run of draws from one pile): a click on a card adds a copy, kept in
     click order ("order"); a click on a picked one takes it back; typed counts drop the order. */
  function multiShow(box) {
    var picks = box.kifuPicks || [];
    var rows = box.querySelectorAll('[data-add]');
    for (var i = 0; i < rows.length; i++) {
      var n = picks.filter(function (p) { return p.value === rows[i].getAttribute('data-value'); }).length;
      rows[i].parentNode.querySelector('[data-count-of]').value = n;
    }
    box.querySelector('[data-order]').value = '[' + picks.map(function (p) { return p.value; }).join(',') + ']';
    box.querySelector('[data-picked]').textContent = picks.length;
    var chosen = box.querySelector('[data-chosen]');
    chosen.textContent = '';
    picks.forEach(function (p, k) {
      var chip = document.createElement('button');
      chip.type = 'button'; chip.className = 'chip'; chip.textContent = p.label + ' ×';
      chip.setAttribute('data-unpick', k); chip.setAttribute('aria-label', 'take back ' + p.label);
      chosen.appendChild(chip);
    });
    if (picks.length >= parseInt(box.getAttribute('data-multi'), 10)) { box.querySelector('.multi-record').focus(); }
  }
  function fromCounts(box) {
    var picks = [], rows = box.querySelectorAll('[data-add]');
    for (var i = 0; i < rows.length; i++) {
      var n = parseInt(rows[i].parentNode.querySelector('[data-count-of]').value, 10) || 0;
      for (var k = 0; k < n; k++) { picks.push({value: rows[i].getAttribute('data-value'), label: rows[i].getAttribute('data-label')}); }
    }
    return picks;
  }
  document.addEventListener('click', function (e) {
    var add = e.target.closest ? e.target.closest('[data-multi] [data-add], [data-multi] [data-unpick]') : null;
    if (!add) { return; }
    var box = add.closest('[data-multi]');
    var picks = box.kifuPicks = box.kifuPicks || fromCounts(box);
    if (add.hasAttribute('data-unpick')) {
      picks.splice(parseInt(add.getAttribute('data-unpick'), 10), 1);
    } else {
      var value = add.getAttribute('data-value');
      var most = parseInt(add.parentNode.querySelector('[data-count-of]').getAttribute('max'), 10);
      var same = picks.filter(function (p) { return p.value === value; }).length;
      if (same >= most || picks.length >= parseInt(box.getAttribute('data-multi'), 10)) { return; }
      picks.push({value: value, label: add.getAttribute('data-label')});
    }
    multiShow(box);
  });
  document.addEventListener('input', function (e) {
    if (!e.target.matches || !e.target.matches('[data-multi] [data-count-of]')) { return; }
    var box = e.target.closest('[data-multi]');
    box.kifuPicks = null;
    box.querySelector('[data-order]').value = '';
  });

  /* Forms of parts (web/parts.py): each control offers only the values some legal
     combination still has with what the other controls hold; a value left alone is taken;
     the combination the ticks name is shown by its label before it is recorded. */
  function partsChosen(box, data) {
    var chosen = {};
    Object.keys(data.kinds).forEach(function (k) { chosen[k] = data.kinds[k] === 'one' ? null : []; });
    box.querySelectorAll('[name^="p."]').forEach(function (el) {
      var k = el.name.slice(2);
      if (el.tagName === 'SELECT') { if (el.value) { chosen[k] = el.value; } return; }
      if (!el.checked) { return; }
      if (data.kinds[k] === 'one') { chosen[k] = el.value; } else { chosen[k].push(el.value); }
    });
    return chosen;
  }
  function within(small, big) {
    var left = big.slice();
    return small.every(function (v) { var i = left.indexOf(v); if (i < 0) { return false; } left.splice(i, 1); return true; });
  }
  function fits(legal, chosen, kinds, except) {
    return Object.keys(kinds).every(function (k) {
      if (k === except) { return true; }
      return kinds[k] === 'one' ? chosen[k] === null || legal[k] === chosen[k] : within(chosen[k], legal[k]);
    });
  }
  function narrowParts(box) {
    var data = box.kifuParts || (box.kifuParts = JSON.parse(box.getAttribute('data-parts')));
    for (var round = 0; round < 8; round++) {
      var chosen = partsChosen(box, data), changed = false;
      Object.keys(data.kinds).forEach(function (k) {
        var rows = data.legal.filter(function (l) { return fits(l.parts, chosen, data.kinds, k); });
        var controls = box.querySelectorAll('[name="p.' + k + '"]');
        var open = [], waiting = {};  /* unchecked copies of each value met so far */
        controls.forEach(function (el) {
          var items = el.tagName === 'SELECT' ? Array.prototype.slice.call(el.options, 1) : [el];
          items.forEach(function (item) {
            var ok;
            if (data.kinds[k] === 'one') {
              ok = rows.some(function (l) { return l.parts[k] === item.value; });
            } else if (item.checked) {
              ok = true;
            } else {
              /* the n-th unticked copy of a value needs room for n more of it */
              var n = waiting[item.value] = (waiting[item.value] || 0) + 1;
              var more = chosen[k].slice();
              for (var c = 0; c < n; c++) { more.push(item.value); }
              ok = rows.some(function (l) { return within(more, l.parts[k]); });
            }
            item.disabled = !ok;
            var chip = item.closest ? item.closest('label') : null;
            if (chip) { chip.classList.toggle('off', !ok); }
            if (!ok && (item.checked || item.selected)) { item.checked = false; item.selected = false; changed = true; }
            if (ok) { open.push(item); }
          });
        });
        if (data.kinds[k] === 'one' && chosen[k] === null && open.length === 1) {
          if (open[0].tagName === 'OPTION') { open[0].selected = true; } else { open[0].checked = true; }
          changed = true;
        }
      });
      if (!changed) { break; }
    }
    chosen = partsChosen(box, data);
    var exact = data.legal.filter(function (l) {
      return Object.keys(data.kinds).every(function (k) {
        return data.kinds[k] === 'one' ? l.parts[k] === chosen[k]
          : l.parts[k].length === chosen[k].length && within(chosen[k], l.parts[k]);
      });
    });
    var left = data.legal.filter(function (l) { return fits(l.parts, chosen, data.kinds, null); }).length;
    var status = box.querySelector('[data-parts-status]');
    if (status) {
      status.textContent = (exact.length === 1 ? '→ ' + exact[0].label + ' · ' : '')
        + left + ' legal combination' + (left === 1 ? '' : 's') + ' left';
    }
    box.classList.toggle('complete', exact.length === 1);
  }
  function allParts() { document.querySelectorAll('[data-parts]').forEach(narrowParts); }
  document.addEventListener('change', function (e) {
    var box = e.target.closest ? e.target.closest('[data-parts]') : null;
    if (box) { narrowParts(box); }
  });
  document.addEventListener('DOMContentLoaded', allParts);
  document.addEventListener('htmx:afterSettle', allParts);

  /* "Call a judge" beside an impossible card: open the folded judge box at its question. */
  document.addEventListener('click', function (e) {
    var link = e.target.closest ? e.target.closest('[data-judge-link]') : null;
    if (!link) { return; }
    var box = document.getElementById('table-judge');
    if (!box) { return; }
    e.preventDefault();
    if (box.tagName === 'DETAILS') { box.open = true; }
    var q = document.getElementById('judge-question');
    box.scrollIntoView({block: 'center'});
    if (q) { q.focus(); }
  });

  /* A picker that arrives (a draw's outcomes, the next event of the deal) takes the focus,
     so the recorder types the card at once. */
  function focusPicker() {
    var input = document.querySelector('[data-picker] [data-filter][data-autofocus]');
    if (input && document.activeElement !== input) { input.focus(); }
  }
  document.addEventListener('DOMContentLoaded', focusPicker);
  document.addEventListener('htmx:afterSettle', focusPicker);
  /* Opening a command's picker puts the cursor in its search box: a card can be typed at once. */
  document.addEventListener('toggle', function (e) {
    var d = e.target;
    if (!d.matches || !d.matches('details.ask') || !d.open) { return; }
    /* on a phone the commands scroll in a region of their own: bring the opened one to its
       top, so its options (and why a card is impossible) are in sight below its search */
    var region = d.closest('.commands');
    if (region && region.scrollHeight > region.clientHeight) {
      region.scrollTop += d.getBoundingClientRect().top - region.getBoundingClientRect().top;
    }
    var input = d.querySelector('[data-filter]');
    if (input) { input.focus({preventScroll: !!region}); }
  }, true);
})();

/* kifu review: shapes (arrows, highlights) drawn over any game's board as an SVG overlay.
 *
 * Anchors: an element's data-anchor, else its data-testid; a card ("card"/"token") is
 * "<its zone's anchor>/card/<index in that zone>", so every board can be drawn on
 * without template changes. Shapes of this step come in #review-shapes (JSON); the draw
 * form (#review-draw) saves them. Tap/click a card, zone or seat, then another: an arrow;
 * the same one twice: a highlight. Keys: d draw mode, h highlight mode, c clear, Esc cancel.
 *
 * Keyboard drawing: while a mode is on, every anchor of the board is focusable (tabindex
 * 0, a visible focus ring): Tab or the arrow keys (Home/End) move between anchors,
 * Enter or Space picks the source then the target (the same twice: a highlight), Esc
 * drops a picked source, then leaves the mode. The keys are taken before the viewer's
 * own (←/→ step) only while the focus is on an anchor.
 *
 * Notes: the viewer's notes poll (#live-notes, web/review.py live_notes) brings this
 * reader's notes; they are put in the step's list and in the move list's rows here. A
 * note's permalink (?step=N#note-<id>) scrolls to the note and highlights it.
 */
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var COLORS = {green: '#15781b', red: '#882020', blue: '#003088', yellow: '#e68f00'};
  var st = {mode: null, from: null, shapes: []};

  function wrap() { return document.querySelector('.board-wrap'); }
  function form() { return document.getElementById('review-draw'); }
  function clean(s) { return s.replace(/[^A-Za-z0-9_.:\/-]/g, '_').slice(0, 80); }

  function anchorOf(el) {
    if (el.dataset.anchor) return clean(el.dataset.anchor);
    var id = el.dataset.testid;
    if (!id) return null;
    if (id === 'card' || id === 'token') {
      var zone = el.parentElement && el.parentElement.closest('[data-anchor],[data-testid]');
      var scope = zone || wrap();
      var same = Array.prototype.filter.call(scope.querySelectorAll('[data-testid="' + id + '"]'), function (c) {
        return (c.parentElement.closest('[data-anchor],[data-testid]') || null) === zone;
      });
      var base = zone ? anchorOf(zone) : 'board';
      return clean(base + '/' + id + '/' + same.indexOf(el));
    }
    return clean(id);
  }

  function anchors() {
    var map = {};
    var w = wrap();
    if (!w) return map;
    w.querySelectorAll('[data-anchor],[data-testid]').forEach(function (el) {
      var a = anchorOf(el);
      if (a && !(a in map)) map[a] = el;
    });
    return map;
  }

  var loadedFrom;  // the #review-shapes this page's shapes came from: only a new step reloads them

  function load() {
    var fresh = document.getElementById('review-shapes');
    if (loadedFrom !== undefined && fresh === loadedFrom) return false;  // another swap (notes, SSE): keep the drawing
    loadedFrom = fresh;
    st.from = null;
    st.shapes = [];
    var data = document.getElementById('review-shapes');
    if (data) {
      try {
        JSON.parse(data.textContent).forEach(function (set) {
          if (!set.note) st.shapes = st.shapes.concat(set.shapes);
        });
      } catch (e) { st.shapes = []; }
    }
    render();
    return true;
  }

  function centre(el, box) {
    var r = el.getBoundingClientRect();
    return {x: r.left - box.left + r.width / 2, y: r.top - box.top + r.height / 2, r: r};
  }

  function render() {
    var w = wrap();
    if (!w) return;
    var old = w.querySelector('svg.review-overlay');
    if (old) old.remove();
    w.querySelectorAll('.review-from').forEach(function (el) { el.classList.remove('review-from'); });
    if (st.from) { var f = anchors()[st.from]; if (f) f.classList.add('review-from'); }
    w.classList.add('review-wrap');
    var box = w.getBoundingClientRect();
    var svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('class', 'review-overlay');
    svg.setAttribute('data-testid', 'shapes');
    svg.setAttribute('width', box.width);
    svg.setAttribute('height', box.height);
    var defs = document.createElementNS(NS, 'defs');
    Object.keys(COLORS).forEach(function (c) {
      var m = document.createElementNS(NS, 'marker');
      m.setAttribute('id', 'review-head-' + c);
      m.setAttribute('viewBox', '0 0 10 10'); m.setAttribute('refX', '8'); m.setAttribute('refY', '5');
      m.setAttribute('markerWidth', '5'); m.setAttribute('markerHeight', '5'); m.setAttribute('orient', 'auto');
      var p = document.createElementNS(NS, 'path');
      p.setAttribute('d', 'M0,0 L10,5 L0,10 z'); p.setAttribute('fill', COLORS[c]);
      m.appendChild(p); defs.appendChild(m);
    });
    svg.appendChild(defs);
    var map = anchors();
    st.shapes.forEach(function (s) {
      var colour = COLORS[s.color] || COLORS.green;
      if (s.kind === 'highlight') {
        var el = map[s.at];
        if (!el) return;
        var c = centre(el, box);
        var rect = document.createElementNS(NS, 'rect');
        rect.setAttribute('x', c.r.left - box.left - 2); rect.setAttribute('y', c.r.top - box.top - 2);
        rect.setAttribute('width', c.r.width + 4); rect.setAttribute('height', c.r.height + 4);
        rect.setAttribute('class', 'review-highlight'); rect.setAttribute('stroke', colour);
        rect.setAttribute('data-anchor', s.at);
        svg.appendChild(rect);
      } else {
        var a = map[s.from], b = map[s.to];
        if (!a || !b) return;
        var p1 = centre(a, box), p2 = centre(b, box);
        var line = document.createElementNS(NS, 'line');
        line.setAttribute('x1', p1.x); line.setAttribute('y1', p1.y);
        line.setAttribute('x2', p2.x); line.setAttribute('y2', p2.y);
        line.setAttribute('class', 'review-arrow'); line.setAttribute('stroke', colour);
        line.setAttribute('marker-end', 'url(#review-head-' + (COLORS[s.color] ? s.color : 'green') + ')');
        line.setAttribute('data-from', s.from); line.setAttribute('data-to', s.to);
        svg.appendChild(line);
      }
    });
    w.appendChild(svg);
  }

  function colour() {
    var sel = document.querySelector('#review-draw [data-review="color"]');
    return sel ? sel.value : 'green';
  }

  function toggle(shape) {
    var key = JSON.stringify(shape);
    var at = -1;
    st.shapes.forEach(function (s, i) {
      var same = s.kind === shape.kind && (s.kind === 'highlight' ? s.at === shape.at : s.from === shape.from && s.to === shape.to);
      if (same) at = i;
    });
    if (at >= 0) st.shapes.splice(at, 1); else st.shapes.push(JSON.parse(key));
    status('unsaved');
  }

  function status(text) {
    var s = document.querySelector('#review-draw .review-status');
    if (s) s.textContent = text;
  }

  function setMode(mode) {
    st.mode = st.mode === mode ? null : mode;
    st.from = null;
    document.querySelectorAll('#review-draw [data-review="draw"],#review-draw [data-review="highlight"]').forEach(function (b) {
      b.setAttribute('aria-pressed', String(b.dataset.review === st.mode));
    });
    var w = wrap();
    if (w) w.classList.toggle('review-drawing', !!st.mode);
    focusable(!!st.mode);
    render();
  }

  /* Anchors take the focus while drawing; the ones we made focusable lose it after. */
  function focusable(on) {
    var w = wrap();
    if (!w) return;
    w.querySelectorAll('[data-review-tab]').forEach(function (el) {
      el.removeAttribute('tabindex'); el.removeAttribute('data-review-tab'); el.classList.remove('review-anchor');
    });
    if (!on) return;
    var map = anchors();
    Object.keys(map).forEach(function (a) {
      var el = map[a];
      el.classList.add('review-anchor');
      if (!el.hasAttribute('tabindex')) { el.setAttribute('tabindex', '0'); el.setAttribute('data-review-tab', a); }
    });
  }

  function anchorList() {
    var map = anchors();
    return Object.keys(map).map(function (a) { return map[a]; });
  }

  /* A tap, a click, Enter or Space on anchor a: source, then target (the same again: a highlight). */
  function pick(a) {
    if (st.mode === 'highlight') {
      toggle({kind: 'highlight', at: a, color: colour()});
      status('highlight ' + a + ' (unsaved)');
    } else if (!st.from) {
      st.from = a;
      status('from ' + a + ': pick the target (Esc cancels)');
    } else {
      var from = st.from;
      toggle(from === a ? {kind: 'highlight', at: a, color: colour()} : {kind: 'arrow', from: from, to: a, color: colour()});
      status((from === a ? 'highlight ' + a : 'arrow ' + from + ' → ' + a) + ' (unsaved)');
      st.from = null;
    }
    render();
  }

  /* Esc: first drop a picked source, then leave the mode (the focus goes back to its button). */
  function cancel() {
    if (st.from) { st.from = null; status('cancelled'); render(); return; }
    var mode = st.mode;
    setMode(mode);
    var b = document.querySelector('#review-draw [data-review="' + mode + '"]');
    if (b) b.focus();
  }

  document.addEventListener('click', function (e) {
    var button = e.target.closest('#review-draw [data-review]');
    if (button && button.tagName === 'BUTTON' && button.type === 'button') {
      if (button.dataset.review === 'clear') { st.shapes = []; status('unsaved'); render(); }
      else setMode(button.dataset.review);
      return;
    }
    if (!st.mode || !form()) return;
    var w = wrap();
    if (!w || !w.contains(e.target)) return;
    var el = e.target.closest('[data-anchor],[data-testid]');
    if (!el || !w.contains(el) || el === w) return;
    e.preventDefault();
    var a = anchorOf(el);
    if (a) pick(a);
  }, true);

  /* Keys on a focused anchor while drawing, before the viewer's keys (capture). */
  document.addEventListener('keydown', function (e) {
    if (!st.mode || !form() || e.ctrlKey || e.metaKey || e.altKey) return;
    var w = wrap(), t = e.target;
    if (!w || !t || !t.classList || !t.classList.contains('review-anchor') || !w.contains(t)) return;
    var list = anchorList(), at = list.indexOf(t), next = null;
    switch (e.key) {
      case 'ArrowRight': case 'ArrowDown': next = list[Math.min(at + 1, list.length - 1)]; break;
      case 'ArrowLeft': case 'ArrowUp': next = list[Math.max(at - 1, 0)]; break;
      case 'Home': next = list[0]; break;
      case 'End': next = list[list.length - 1]; break;
      case 'Enter': case ' ': { var a = anchorOf(t); if (a) pick(a); break; }
      case 'Escape': cancel(); break;
      default: return;
    }
    e.preventDefault();
    e.stopPropagation();
    if (next) next.focus();
  }, true);

  document.addEventListener('submit', function (e) {
    var f = e.target;
    if (f.id === 'review-draw') {
      e.preventDefault();
      f.elements.shapes.value = JSON.stringify(st.shapes);
      fetch(f.action, {method: 'POST', body: new FormData(f), credentials: 'same-origin'}).then(function (r) {
        status(r.ok ? 'saved' : 'not saved (' + r.status + ')');
      }, function () { status('not saved (offline)'); });
    }
  });

  document.addEventListener('keydown', function (e) {
    if (!form() || e.ctrlKey || e.metaKey || e.altKey) return;
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    if (e.key === 'd' || e.key === 'h') {
      setMode(e.key === 'd' ? 'draw' : 'highlight');
      var first = st.mode && anchorList()[0];
      if (first && !(t && t.classList && t.classList.contains('review-anchor'))) first.focus();
    }
    else if (e.key === 'c') { st.shapes = []; status('unsaved'); render(); }
    else if (e.key === 'Escape' && st.mode) cancel();
  });

  /* --- notes: live, and their permalinks ------------------------------------------------ */

  /* The poll's answer: the step's list into #step-notes, each step's glyphs and list into
     its move-list row (a row with no notes now loses its old ones). */
  function liveNotes() {
    var box = document.querySelector('#live-notes[data-fresh]');
    if (!box) return;
    box.removeAttribute('data-fresh');
    var step = box.querySelector('template[data-live="step"]');
    var slot = document.getElementById('step-notes');
    if (step && slot) slot.replaceWith(step.content.cloneNode(true));
    var rows = {};
    box.querySelectorAll('template[data-live-row]').forEach(function (t) { rows[t.getAttribute('data-live-row')] = t; });
    document.querySelectorAll('#moves li.move[data-step]').forEach(function (li) {
      li.querySelectorAll(':scope > a .text > .glyph, :scope > ul.notes').forEach(function (el) { el.remove(); });
      var t = rows[li.getAttribute('data-step')];
      if (!t) return;
      var part = t.content.cloneNode(true);
      var text = li.querySelector(':scope > a .text');
      if (text) part.querySelectorAll('.glyphs > .glyph').forEach(function (g) { text.appendChild(g); });
      var list = part.querySelector('ul.notes');
      if (list) li.appendChild(list);
    });
    target(false);
  }

  /* #note-<id> (or the note form's #step-note-<id>): highlight the note, scroll to it. */
  function target(scroll) {
    document.querySelectorAll('.note-target').forEach(function (el) { el.classList.remove('note-target'); });
    var m = /^#(?:step-)?note-(\d{1,20}-\d{1,20})$/.exec(location.hash);
    if (!m) return;
    var note = document.getElementById('note-' + m[1]), row = document.getElementById('moves-note-' + m[1]);
    [note, row].forEach(function (el) { if (el) el.classList.add('note-target'); });
    if (scroll && (note || row)) (note || row).scrollIntoView({block: 'center'});
  }

  /* No poll from a tab nobody looks at. */
  document.addEventListener('htmx:beforeRequest', function (e) {
    var elt = e.detail && e.detail.elt;
    if (elt && elt.id === 'live-notes' && document.hidden) e.preventDefault();
  });

  document.addEventListener('DOMContentLoaded', function () { load(); target(true); });
  window.addEventListener('hashchange', function () { target(true); });
  window.addEventListener('load', function () { target(true); });  // after the browser's own jump to the anchor
  document.addEventListener('htmx:afterSettle', function () {
    liveNotes();
    var m = st.mode;
    if (load() && m) { st.mode = null; setMode(m); }
  });
  window.addEventListener('resize', render);
})();

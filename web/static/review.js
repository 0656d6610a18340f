/* kifu review: shapes (arrows, highlights) drawn over any game's board as an SVG overlay.
 *
 * Anchors: an element's data-anchor, else its data-testid; a card ("card"/"token") is
 * "<its zone's anchor>/card/<index in that zone>", so every board can be drawn on
 * without template changes. Shapes of this step come in #review-shapes (JSON); the draw
 * form (#review-draw) saves them. Tap/click a card, zone or seat, then another: an arrow;
 * the same one twice: a highlight. Keys: d draw mode, h highlight mode, c clear, Esc cancel.
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

  function load() {
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
    render();
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
    if (!a) return;
    if (st.mode === 'highlight') {
      toggle({kind: 'highlight', at: a, color: colour()});
    } else if (!st.from) {
      st.from = a;
    } else {
      toggle(st.from === a ? {kind: 'highlight', at: a, color: colour()} : {kind: 'arrow', from: st.from, to: a, color: colour()});
      st.from = null;
    }
    render();
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
    if (e.key === 'd') setMode('draw');
    else if (e.key === 'h') setMode('highlight');
    else if (e.key === 'c') { st.shapes = []; status('unsaved'); render(); }
    else if (e.key === 'Escape' && st.mode) setMode(st.mode);
  });

  document.addEventListener('DOMContentLoaded', load);
  document.addEventListener('htmx:afterSettle', function () { var m = st.mode; load(); if (m) { st.mode = null; setMode(m); } });
  window.addEventListener('resize', render);
})();

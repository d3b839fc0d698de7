// Kairos booking widget. One tag puts a booking page on any site:
//   <script async src="https://<kairos>/embed.js" data-kairos="42"></script>    (an event type's id)
//   <script async src="https://<kairos>/embed.js" data-kairos="team/brightpath"></script>
// Optional: data-kairos-mode="popup" (a button that opens the page over the site; data-kairos-button
// is its label), data-kairos-name / -email / -notes and data-kairos-q-<question key> (prefill, as a
// booking link's ?name=&email=&notes=&q.<key>=, checked the same way), data-kairos-color="#0d9488",
// data-kairos-locale="es" (the language the page opens in: en, es, fr, de, pt-BR, ja or ar; the guest
// can still pick another in the frame).
// The frame tells its height (the loader fits the frame to it) and each booking, which the loader
// fires on the page as `kairos:booking-created` ({ id, uid, status, location } in event.detail).
// Only messages from the Kairos origin this file came from, and from this widget's own frame, are heard.
// No framework, and small: web/src/features/embed keeps it under 3 KB gzipped (the messages are
// described in protocol.ts there).
(function () {
  var script = document.currentScript;
  if (!script || script.getAttribute('data-kairos-mounted')) return;
  script.setAttribute('data-kairos-mounted', '');
  var data = script.dataset;
  var kairos = new URL(script.src).origin;
  var ref = (data.kairos || '').replace(/^\/+|\/+$/g, '');
  if (!/^(\d+|team\/[a-z0-9-]+)$/i.test(ref)) {
    console.error('Kairos: data-kairos must be an event type id or team/<slug>, not "' + ref + '"');
    return;
  }
  var query = new URLSearchParams({ origin: location.origin });
  if (data.kairosName) query.set('name', data.kairosName);
  if (data.kairosEmail) query.set('email', data.kairosEmail);
  if (data.kairosNotes) query.set('notes', data.kairosNotes);
  for (var i = 0, a, key; (a = script.attributes[i]); i++) {
    key = /^data-kairos-q-([a-z0-9][a-z0-9-]*)$/.exec(a.name);
    if (key) query.append('q.' + key[1], a.value);
  }
  var color = (data.kairosColor || '').replace('#', '');
  if (/^[0-9a-f]{6}$/i.test(color)) query.set('theme', color);
  if (data.kairosLocale) query.set('lang', data.kairosLocale);
  var src = kairos + '/embed/' + ref + '?' + query;
  var popup = data.kairosMode === 'popup';
  var frame, overlay;

  function el(tag, style, parent) {
    var node = document.createElement(tag);
    node.style.cssText = style;
    if (parent) parent.appendChild(node);
    return node;
  }

  function makeFrame(parent) {
    frame = el('iframe', 'display:block;width:100%;border:0;height:' + (popup ? '80vh' : '640px') + ';color-scheme:normal', parent);
    frame.title = 'Book a meeting';
    frame.src = src;
  }

  // The widget's own element: events are fired on it and bubble up to the document.
  var host = el('div', popup ? 'display:inline-block' : 'width:100%');
  host.className = 'kairos-embed';
  script.parentNode.insertBefore(host, script.nextSibling);

  function close() {
    overlay.style.display = 'none';
    button.focus();
  }

  if (popup) {
    var button = el('button', 'font:inherit;font-weight:600;padding:10px 18px;border:0;border-radius:8px;cursor:pointer;color:#fff;background:#' + (query.get('theme') || '2563eb'), host);
    button.type = 'button';
    button.textContent = data.kairosButton || 'Book a meeting';
    button.setAttribute('aria-haspopup', 'dialog');
    button.onclick = function () {
      if (!overlay) {
        overlay = el('div', 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center', host);
        overlay.setAttribute('role', 'dialog');
        overlay.setAttribute('aria-modal', 'true');
        overlay.setAttribute('aria-label', 'Book a meeting');
        overlay.onclick = function (e) {
          if (e.target === overlay) close();
        };
        overlay.onkeydown = function (e) {
          if (e.key === 'Escape') close();
        };
        var box = el('div', 'position:relative;width:min(960px,94vw);max-height:90vh;overflow:auto;background:#fff;border-radius:12px', overlay);
        var x = el('button', 'position:absolute;top:6px;right:8px;z-index:1;border:0;background:none;font-size:24px;line-height:1;cursor:pointer', box);
        x.type = 'button';
        x.textContent = '\u00d7';
        x.setAttribute('aria-label', 'Close');
        x.onclick = close;
        makeFrame(box);
      }
      overlay.style.display = 'flex';
      overlay.querySelector('button').focus();
    };
  } else {
    makeFrame(host);
  }

  addEventListener('message', function (e) {
    var m = e.data;
    if (e.origin !== kairos || !frame || e.source !== frame.contentWindow || !m || m.kairos !== 1) return;
    if (m.type === 'resize' && m.height > 0 && m.height < 1e5) frame.style.height = Math.ceil(m.height) + 'px';
    if (m.type === 'booking-created' && m.booking) {
      var b = m.booking;
      var l = b.location && typeof b.location === 'object' ? { kind: String(b.location.kind), value: b.location.value == null ? null : String(b.location.value) } : null;
      host.dispatchEvent(new CustomEvent('kairos:booking-created', { bubbles: true, detail: { id: b.id, uid: b.uid, status: b.status, location: l } }));
    }
  });
})();

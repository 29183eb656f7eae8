// Parley web chat widget: speaks the WebSocket protocol of docs/web-chat.md and renders every message kind. No framework, no innerHTML of content.
(function () {
  'use strict';
  var root = document.querySelector('.chat');
  var channelId = root.getAttribute('data-channel');
  var log = root.querySelector('.chat-log');
  var replies = root.querySelector('.chat-replies');
  var typing = root.querySelector('.chat-typing');
  var statusLine = root.querySelector('.chat-status');
  var compose = root.querySelector('.chat-compose');
  var input = root.querySelector('.chat-input');
  var storageKey = 'parley.visitor.' + channelId;
  var socket = null;
  var shown = {};
  var pending = [];
  var retryMs = 500;
  var lastOut = null;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function uid() {
    return (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(16).slice(2));
  }

  function send(frame) {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(frame));
    else pending.push(frame);
  }

  function setTyping(on) {
    typing.hidden = !on;
    if (on) log.scrollTop = log.scrollHeight;
  }

  function safeUrl(url) {
    try {
      var u = new URL(url, location.href);
      return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'tel:' || u.protocol === 'mailto:' ? u.href : null;
    } catch (e) {
      return null;
    }
  }

  function media(url, type) {
    var href = safeUrl(url);
    if (!href) return null;
    var box = el('div', 'media');
    if (type === 'video') { var v = el('video'); v.src = href; v.controls = true; box.appendChild(v); }
    else if (type === 'audio') { var a = el('audio'); a.src = href; a.controls = true; box.appendChild(a); }
    else if (type === 'file') { var f = el('a', 'btn', 'Open file'); f.href = href; f.target = '_blank'; f.rel = 'noopener'; box.appendChild(f); }
    else { var i = el('img'); i.src = href; i.alt = ''; box.appendChild(i); }
    return box;
  }

  function choose(title, payload) {
    clearReplies();
    var id = uid();
    send({ type: 'postback', id: id, payload: payload, title: title });
  }

  function buttonNode(b, className) {
    var title = b.title || b.label || b.eventTitle || b.type;
    if (b.type === 'weburl' || b.type === 'call') {
      var href = safeUrl(b.type === 'call' ? 'tel:' + (b.payload || '') : b.payload || '');
      var link = el('a', className, title);
      if (href) link.href = href;
      link.target = '_blank';
      link.rel = 'noopener';
      return link;
    }
    if (b.type === 'viewLocation' && b.latLong) {
      var map = el('a', className, title);
      map.href = 'https://www.openstreetmap.org/?mlat=' + b.latLong.latitude + '&mlon=' + b.latLong.longitude;
      map.target = '_blank';
      map.rel = 'noopener';
      return map;
    }
    var button = el('button', className, title);
    button.type = 'button';
    if (b.imageUrl && safeUrl(b.imageUrl)) { var img = el('img'); img.src = safeUrl(b.imageUrl); img.alt = ''; button.prepend(img); }
    button.addEventListener('click', function () {
      if (b.type === 'location' && navigator.geolocation) {
        navigator.geolocation.getCurrentPosition(function (p) { send({ type: 'location', id: uid(), latitude: p.coords.latitude, longitude: p.coords.longitude }); });
        return;
      }
      choose(b.title || title, b.postbackData || b.payload || null);
    });
    return button;
  }

  function cardNode(c) {
    var card = el('div', 'card' + (c.cardOrientation === 'HORIZONTAL' ? ' horizontal' : ''));
    if (c.media) {
      var m = media(c.media, c.mediaType || 'image');
      if (m) { m.classList.add((c.mediaHeight || 'MEDIUM').toLowerCase()); card.appendChild(m); }
    }
    var body = el('div', 'card-body');
    if (c.title) body.appendChild(el('div', 'card-title', c.title));
    if (c.description) body.appendChild(el('div', 'card-text', c.description));
    var buttons = el('div', 'buttons');
    (c.buttons || []).forEach(function (b) { buttons.appendChild(buttonNode(b, 'btn')); });
    if (buttons.childNodes.length) body.appendChild(buttons);
    card.appendChild(body);
    return card;
  }

  function fieldNode(f) {
    var label = el('label', null, (f.title || f.name) + (f.required ? ' *' : ''));
    var input;
    if (f.type === 'select') {
      input = el('select');
      input.multiple = !!f.multi;
      if (!f.multi) { var none = el('option', null, f.placeholder || '—'); none.value = ''; input.appendChild(none); }
      f.options.forEach(function (o) { var opt = el('option', null, o); opt.value = o; input.appendChild(opt); });
    } else if (f.type === 'radio' || f.type === 'checkbox') {
      var group = el('div');
      f.options.forEach(function (o) {
        var line = el('label', 'choice');
        var box = el('input');
        box.type = f.type;
        box.name = f.name;
        box.value = o;
        line.appendChild(box);
        line.appendChild(document.createTextNode(o));
        group.appendChild(line);
      });
      label.appendChild(group);
      return label;
    } else if (f.type === 'switch') {
      input = el('input');
      input.type = 'checkbox';
      label.className = 'choice';
    } else {
      input = el('input');
      input.type = { email: 'email', phone: 'tel', date: 'date', time: 'time', datetime: 'datetime-local' }[f.type] || 'text';
      if (f.placeholder) input.placeholder = f.placeholder;
    }
    input.name = f.name;
    label.appendChild(input);
    return label;
  }

  function formValues(form, spec) {
    var values = {};
    spec.fields.forEach(function (f) {
      if (f.type === 'checkbox') {
        values[f.name] = Array.prototype.map.call(form.querySelectorAll('input[name="' + CSS.escape(f.name) + '"]:checked'), function (n) { return n.value; });
      } else if (f.type === 'radio') {
        var picked = form.querySelector('input[name="' + CSS.escape(f.name) + '"]:checked');
        values[f.name] = picked ? picked.value : '';
      } else if (f.type === 'switch') {
        values[f.name] = form.elements[f.name].checked;
      } else if (f.type === 'select' && f.multi) {
        values[f.name] = Array.prototype.filter.call(form.elements[f.name].options, function (o) { return o.selected; }).map(function (o) { return o.value; });
      } else {
        values[f.name] = form.elements[f.name].value;
      }
    });
    return values;
  }

  function formNode(spec) {
    var form = el('form', 'chat-form');
    form.setAttribute('data-token', spec.token);
    spec.fields.forEach(function (f) { form.appendChild(fieldNode(f)); });
    var error = el('div', 'form-error');
    form.appendChild(error);
    var actions = el('div', 'form-actions');
    var submit = el('button', 'btn', spec.submitButton || 'Send');
    submit.type = 'submit';
    actions.appendChild(submit);
    if (spec.dismissButton) {
      var dismiss = el('button', 'btn', spec.dismissButton);
      dismiss.type = 'button';
      dismiss.addEventListener('click', function () {
        form.classList.add('done');
        send({ type: 'form', id: uid(), token: spec.token, action: 'dismiss', values: {} });
      });
      actions.appendChild(dismiss);
    }
    form.appendChild(actions);
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var missing = spec.fields.filter(function (f) {
        var v = formValues(form, spec)[f.name];
        return f.required && (v === '' || (Array.isArray(v) && v.length === 0));
      });
      if (missing.length) { error.textContent = 'Please fill in: ' + missing.map(function (f) { return f.title || f.name; }).join(', '); return; }
      error.textContent = '';
      form.classList.add('done');
      send({ type: 'form', id: uid(), token: spec.token, action: 'submit', values: formValues(form, spec) });
    });
    return form;
  }

  function clearReplies() {
    while (replies.firstChild) replies.removeChild(replies.firstChild);
  }

  function render(m) {
    if (shown[m.id]) return;
    shown[m.id] = true;
    var item = el('li', 'msg ' + m.direction);
    item.setAttribute('data-id', m.id);
    var card = m.direction === 'out' && m.richCard && (m.media || m.title) && !(m.carousel && m.carousel.length);
    if (card) {
      item.appendChild(cardNode({ title: m.title, description: m.text, media: m.media, mediaType: m.mediaType, buttons: m.buttons, cardOrientation: m.richCard.cardOrientation, mediaHeight: m.richCard.mediaHeight }));
    } else {
      if (m.media) { var md = media(m.media, m.mediaType); if (md) item.appendChild(md); }
      if (m.text || m.title) {
        var bubble = el('div', 'bubble');
        if (m.title) bubble.appendChild(el('span', 'title', m.title));
        if (m.text) bubble.appendChild(document.createTextNode(m.text));
        item.appendChild(bubble);
      }
      if (m.buttons && m.buttons.length) {
        var buttons = el('div', 'buttons');
        m.buttons.forEach(function (b) { buttons.appendChild(buttonNode(b, 'btn')); });
        item.appendChild(buttons);
      }
    }
    if (m.carousel && m.carousel.length) {
      var row = el('div', 'carousel');
      m.carousel.forEach(function (c) { row.appendChild(cardNode(c)); });
      item.appendChild(row);
    }
    if (m.form) item.appendChild(formNode(m.form));
    if (!item.childNodes.length) return;
    // Messages arrive in id order, but history and live pushes may cross: keep the log sorted by id.
    var after = null;
    Array.prototype.forEach.call(log.children, function (li) { if (!after && Number(li.getAttribute('data-id')) > m.id) after = li; });
    log.insertBefore(item, after);
    if (m.direction === 'out') {
      setTyping(false);
      if (!lastOut || m.id > lastOut) {
        lastOut = m.id;
        clearReplies();
        (m.quickReplies || []).forEach(function (q) { replies.appendChild(buttonNode(q, 'chip')); });
      }
    } else {
      clearReplies();
    }
    log.scrollTop = log.scrollHeight;
  }

  function connect() {
    var url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/chat/' + channelId + '/ws';
    socket = new WebSocket(url);
    statusLine.textContent = 'connecting…';
    socket.addEventListener('open', function () {
      retryMs = 500;
      statusLine.textContent = '';
      socket.send(JSON.stringify({ type: 'hello', visitor: localStorage.getItem(storageKey) }));
    });
    socket.addEventListener('message', function (e) {
      var frame = JSON.parse(e.data);
      if (frame.type === 'welcome') {
        localStorage.setItem(storageKey, frame.visitor);
        frame.history.forEach(render);
        var queued = pending;
        pending = [];
        queued.forEach(send);
      } else if (frame.type === 'message') {
        render(frame.message);
      } else if (frame.type === 'typing') {
        setTyping(frame.on);
      } else if (frame.type === 'error') {
        statusLine.textContent = frame.description;
      }
    });
    socket.addEventListener('close', function () {
      statusLine.textContent = 'reconnecting…';
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 10000);
    });
  }

  compose.addEventListener('submit', function (e) {
    e.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    input.value = '';
    clearReplies();
    send({ type: 'message', id: uid(), text: text });
  });

  connect();
})();

// Parley web chat on any site: <script src="https://YOUR-SERVER/chat/{{channelId}}/embed.js" async></script> adds a chat button.
(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? new URL(script.src).origin : '';
  var startOpen = script && script.getAttribute('data-open') === 'true';

  function mount() {
    if (document.getElementById('parley-chat-{{channelId}}')) return;
    var open = false;
    var frame = document.createElement('iframe');
    frame.id = 'parley-chat-{{channelId}}';
    frame.title = 'Chat';
    frame.setAttribute('allow', 'geolocation');
    frame.style.cssText = 'position:fixed;right:20px;bottom:86px;width:min(380px,calc(100vw - 40px));height:min(600px,calc(100vh - 120px));'
      + 'border:0;border-radius:14px;box-shadow:0 8px 30px rgba(0,0,0,.25);display:none;z-index:2147483000;background:#fff';
    var button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('aria-label', 'Open chat');
    button.setAttribute('aria-expanded', 'false');
    button.setAttribute('aria-controls', frame.id);
    button.textContent = '💬';
    button.style.cssText = 'position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:#2f5bea;color:#fff;'
      + 'font-size:24px;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);z-index:2147483000';

    function toggle(next) {
      open = next;
      // The chat loads on first open only: a page view alone starts no conversation.
      if (open && !frame.src) frame.src = base + '/chat/{{channelId}}';
      frame.style.display = open ? 'block' : 'none';
      button.setAttribute('aria-expanded', String(open));
      button.setAttribute('aria-label', open ? 'Close chat' : 'Open chat');
      button.textContent = open ? '✕' : '💬';
      if (open) frame.focus();
    }
    button.addEventListener('click', function () { toggle(!open); });
    function close() {
      if (!open) return;
      toggle(false);
      button.focus();
    }
    document.addEventListener('keydown', function (e) { if (e.key === 'Escape') close(); });
    // Escape pressed inside the chat reaches this page as a message from the chat's own origin.
    window.addEventListener('message', function (e) {
      if (e.origin === base && e.source === frame.contentWindow && e.data && e.data.parley === 'close') close();
    });
    document.body.appendChild(frame);
    document.body.appendChild(button);
    if (startOpen) toggle(true);
  }

  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();

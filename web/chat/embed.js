// Parley web chat: put <script src="https://YOUR-SERVER/chat/{{channelId}}/embed.js" async></script> on a page.
(function () {
  var script = document.currentScript;
  var base = script ? new URL(script.src).origin : '';
  var open = false;
  var button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', 'Open chat');
  button.textContent = '💬';
  button.style.cssText = 'position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:#2f5bea;color:#fff;font-size:24px;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);z-index:2147483000';
  var frame = document.createElement('iframe');
  frame.title = 'Chat';
  frame.src = base + '/chat/{{channelId}}';
  frame.style.cssText = 'position:fixed;right:20px;bottom:86px;width:min(380px,calc(100vw - 40px));height:min(600px,calc(100vh - 120px));border:0;border-radius:14px;box-shadow:0 8px 30px rgba(0,0,0,.25);display:none;z-index:2147483000;background:#fff';
  button.addEventListener('click', function () {
    open = !open;
    frame.style.display = open ? 'block' : 'none';
    button.setAttribute('aria-label', open ? 'Close chat' : 'Open chat');
  });
  document.body.appendChild(frame);
  document.body.appendChild(button);
})();

// Small DOM helpers for the widget: elements that take text only (never markup), and the URL schemes content may link to.

/** An element with a class and text; the text is set as text, so content can never become markup. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null && text !== '') node.textContent = String(text);
  return node;
}

const LINK_SCHEMES = ['http:', 'https:', 'tel:', 'mailto:'];
const MEDIA_SCHEMES = ['http:', 'https:'];

function checked(url, schemes) {
  if (typeof url !== 'string' || url.trim() === '') return null;
  try {
    const u = new URL(url.trim(), location.href);
    return schemes.includes(u.protocol) ? u.href : null;
  } catch {
    return null;
  }
}

/** A URL a link may point to (http, https, tel, mailto), or null: `javascript:` and `data:` never reach an href. */
export function linkUrl(url) {
  return checked(url, LINK_SCHEMES);
}

/** A URL an image, video or audio may load (http, https), or null. */
export function mediaUrl(url) {
  return checked(url, MEDIA_SCHEMES);
}

/** A link that opens outside the chat, without giving the opened page a handle on this one. */
export function externalLink(href, className, text) {
  const a = el('a', className, text);
  a.href = href;
  if (!href.startsWith('tel:') && !href.startsWith('mailto:')) {
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
  }
  return a;
}

/** A fresh id for a client frame: the server deduplicates by it, so a frame sent again after a reconnect counts once. */
export function uid() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  return Date.now().toString(36) + '-' + Math.random().toString(36).slice(2);
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'"]/g;

/** Appends text, with the http(s) addresses in it made into links. */
export function appendLinkified(parent, text) {
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const href = linkUrl(match[0]);
    if (href === null) continue;
    if (match.index > last) parent.appendChild(document.createTextNode(text.slice(last, match.index)));
    parent.appendChild(externalLink(href, null, match[0]));
    last = match.index + match[0].length;
  }
  if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
}

/** Storage that keeps working (in memory) where the browser refuses it, e.g. a third-party frame with storage blocked. */
export function storage() {
  const memory = new Map();
  return {
    get(key) {
      try { return localStorage.getItem(key); } catch { return memory.get(key) ?? null; }
    },
    set(key, value) {
      try { localStorage.setItem(key, value); } catch { memory.set(key, value); }
    },
  };
}

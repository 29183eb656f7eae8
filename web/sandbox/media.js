// What the phones share: media shown by kind (image, video, audio, or a link), and reply chips.
import { el, externalLink, mediaUrl } from '/chat/assets/dom.js';

const IMAGE = /\.(png|jpe?g|gif|webp|svg|bmp)([?#]|$)/i;
const VIDEO = /\.(mp4|m4v|webm|mov|3gp)([?#]|$)/i;
const AUDIO = /\.(mp3|m4a|aac|ogg|oga|wav|amr)([?#]|$)/i;

/** The media at `url` by `kind` ('image', 'video', 'audio', 'file') or, without one, by its extension; a link for anything else. */
export function mediaNode(url, kind, thumbnail) {
  const src = mediaUrl(url);
  if (src === null) return el('span', 'dead-link', String(url));
  const type = kind || (IMAGE.test(src) ? 'image' : VIDEO.test(src) ? 'video' : AUDIO.test(src) ? 'audio' : 'file');
  if (type === 'image') {
    const img = el('img', 'media');
    img.src = src;
    img.alt = '';
    return img;
  }
  if (type === 'video' || type === 'audio') {
    const player = el(type, 'media');
    player.controls = true;
    player.preload = 'none';
    player.src = src;
    const poster = thumbnail ? mediaUrl(thumbnail) : null;
    if (type === 'video' && poster) player.poster = poster;
    return player;
  }
  return externalLink(src, 'file', '📎 ' + decodeURIComponent(new URL(src).pathname.split('/').pop() || src));
}

/** A chip: a button that runs `onTap`, or a link when `href` is given (an action that opens something). */
export function chip(label, onTap, href) {
  const node = href ? externalLink(href, 'chip', label) : el('button', 'chip', label);
  if (!href) node.type = 'button';
  node.addEventListener('click', () => onTap());
  return node;
}

// Buttons and quick replies: links (web page, call, map, calendar) act in the browser; postbacks, locations and dates answer the bot.
import { el, externalLink, linkUrl, mediaUrl, uid } from './dom.js';

const DEFAULT_TITLES = {
  weburl: 'Open', call: 'Call', viewLocation: 'View on map', calendar: 'Add to calendar', location: 'Share my location', datetime: 'Pick a date and time',
};

function titleOf(b) {
  return b.title || b.label || (b.type === 'calendar' ? b.eventTitle : null) || DEFAULT_TITLES[b.type] || b.payload || 'OK';
}

function withImage(node, b) {
  const src = mediaUrl(b.imageUrl);
  if (src) {
    const img = el('img');
    img.src = src;
    img.alt = '';
    node.prepend(img);
  }
  return node;
}

/** What a link button points to, or null when its target is missing or not a scheme the widget opens. */
function linkOf(b) {
  if (b.type === 'weburl') return linkUrl(b.payload);
  if (b.type === 'call') {
    const number = String(b.payload || '').replace(/[^\d+*#]/g, '');
    return number ? 'tel:' + number : null;
  }
  if (b.type === 'viewLocation') {
    const ll = b.latLong;
    if (ll && Number.isFinite(ll.latitude) && Number.isFinite(ll.longitude)) {
      return `https://www.openstreetmap.org/?mlat=${ll.latitude}&mlon=${ll.longitude}#map=16/${ll.latitude}/${ll.longitude}`;
    }
    return b.query ? 'https://www.openstreetmap.org/search?query=' + encodeURIComponent(b.query) : null;
  }
  return null;
}

function icsDate(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function icsText(s) {
  return String(s).replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').replace(/[,;]/g, (c) => '\\' + c);
}

/** An iCalendar file for a calendar button, or null when its times are not dates. */
function calendarFile(b) {
  const start = icsDate(b.startTime);
  const end = icsDate(b.endTime || b.startTime);
  if (!start || !end) return null;
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Parley//Web chat//EN', 'BEGIN:VEVENT', `UID:${uid()}@parley`,
    `DTSTAMP:${icsDate(new Date().toISOString())}`, `DTSTART:${start}`, `DTEND:${end}`, `SUMMARY:${icsText(b.eventTitle || b.title || 'Event')}`];
  if (b.description) lines.push(`DESCRIPTION:${icsText(b.description)}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return new Blob([lines.join('\r\n') + '\r\n'], { type: 'text/calendar' });
}

function clickable(className, title, onClick) {
  const button = el('button', className, title);
  button.type = 'button';
  button.addEventListener('click', onClick);
  return button;
}

/** The inline picker a datetime button opens; the chosen value is sent as the answer. */
function datetimePicker(b, title, className, act) {
  const box = el('span', 'picker');
  const input = el('input');
  input.type = 'datetime-local';
  input.setAttribute('aria-label', title);
  const ok = clickable(className, 'Send', () => {
    if (!input.value) { input.focus(); return; }
    act.postback(input.value.replace('T', ' '), b.postbackData || b.payload || null);
  });
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); ok.click(); } });
  box.append(input, ok);
  return box;
}

/**
 * One button or quick reply. `act` answers the bot: postback(title, payload), location(latitude, longitude),
 * notice(text) for what the visitor should know (a location the browser refused).
 */
export function buttonNode(b, className, act) {
  const title = titleOf(b);
  if (b.type === 'weburl' || b.type === 'call' || b.type === 'viewLocation') {
    const href = linkOf(b);
    if (href === null) {
      const dead = el('span', className + ' disabled', title);
      dead.setAttribute('aria-disabled', 'true');
      return dead;
    }
    return withImage(externalLink(href, className, title), b);
  }
  if (b.type === 'calendar') {
    return withImage(clickable(className, title, () => {
      const file = calendarFile(b);
      if (file === null) { act.notice('This event has no valid date.'); return; }
      const a = el('a');
      a.href = URL.createObjectURL(file);
      a.download = (b.eventTitle || 'event').replace(/[^\w -]/g, '').trim().slice(0, 60) + '.ics';
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    }), b);
  }
  if (b.type === 'location') {
    return withImage(clickable(className, title, () => {
      if (!navigator.geolocation) { act.notice('This browser cannot share a location.'); return; }
      navigator.geolocation.getCurrentPosition(
        (p) => act.location(p.coords.latitude, p.coords.longitude),
        () => act.notice('Your location is not available.'),
        { timeout: 15_000 },
      );
    }), b);
  }
  if (b.type === 'datetime') {
    const button = withImage(clickable(className, title, () => {
      const picker = datetimePicker(b, title, className, act);
      button.replaceWith(picker);
      picker.querySelector('input').focus();
    }), b);
    return button;
  }
  // postback, text, and any type this widget does not know: a choice the bot matches by payload, else by title.
  return withImage(clickable(className, title, () => act.postback(b.title || title, b.postbackData || b.payload || null)), b);
}

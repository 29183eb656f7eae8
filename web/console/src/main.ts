// The console's entry: signed in or not, then the page the address names (#/inbox, #/bots/3 …); each page stops its polling when left.
import { api, SIGNED_OUT } from './api.js';
import { announce } from './dom.js';
import { renderBots } from './pages/bots.js';
import { renderBroadcasts } from './pages/broadcasts.js';
import { renderChannels } from './pages/channels.js';
import { renderHumans } from './pages/humans.js';
import { renderInbox } from './pages/inbox.js';
import { renderKnowledge } from './pages/knowledge.js';
import { renderOverview } from './pages/overview.js';
import { renderSettings } from './pages/settings.js';
import { renderSignIn } from './pages/sign-in.js';
import { renderTeam } from './pages/team.js';

/** A page draws itself into main and returns what stops it (timers) when another page is opened. */
export type Page = (main: HTMLElement, args: string[]) => Promise<(() => void) | void>;

const PAGES: Record<string, { title: string; render: Page }> = {
  inbox: { title: 'Inbox', render: renderInbox },
  bots: { title: 'Bots', render: renderBots },
  channels: { title: 'Channels', render: renderChannels },
  overview: { title: 'Overview', render: renderOverview },
  humans: { title: 'Humans', render: renderHumans },
  broadcasts: { title: 'Broadcasts', render: renderBroadcasts },
  settings: { title: 'Webhooks and tokens', render: renderSettings },
  team: { title: 'Team and audit', render: renderTeam },
  knowledge: { title: 'Knowledge', render: renderKnowledge },
};

const main = document.getElementById('main')!;
const top = document.querySelector<HTMLElement>('header.top')!;
let stop: (() => void) | void;

async function signedIn(): Promise<boolean> {
  const { response } = await api.GET('/v1/sessions');
  return response.ok;
}

async function route(moveFocus = false): Promise<void> {
  if (typeof stop === 'function') stop();
  stop = undefined;
  if (!(await signedIn())) {
    top.hidden = true;
    document.title = 'Sign in · Parley console';
    stop = await renderSignIn(main, () => {
      if (location.hash === '' || location.hash === '#/sign-in') location.hash = '#/inbox';
      else void route();
    });
    return;
  }
  top.hidden = false;
  const [name = 'inbox', ...args] = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  const page = PAGES[name] ?? PAGES.inbox!;
  for (const link of top.querySelectorAll('a')) {
    if (link.getAttribute('href') === `#/${name}`) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  document.title = `${page.title} · Parley console`;
  main.replaceChildren();
  stop = await page.render(main, args);
  announce(`${page.title} page`);
  // After a move to another page, the keyboard goes on from the new content, not from the link that was followed.
  if (moveFocus && !main.contains(document.activeElement)) main.focus();
}

// The skip link moves focus without touching the address (which names the page).
document.querySelector('.skip')!.addEventListener('click', (event) => {
  event.preventDefault();
  main.focus();
});

top.querySelector('.sign-out')!.addEventListener('click', () => {
  void (async () => {
    await api.DELETE('/v1/sessions/{session_id}', { params: { path: { session_id: 'current' } } });
    location.hash = '#/sign-in';
    await route();
  })();
});

window.addEventListener('hashchange', () => void route(true));
window.addEventListener(SIGNED_OUT, () => void route());
void route();

// The console's entry: the first run (no account yet), the sign-in, or the page the address names (#/inbox, #/bots/3 …)
// among those the member's role may use; each page stops its polling when left.
import { api, SIGNED_OUT } from './api.js';
import { announce, h, replace } from './dom.js';
import { can, forgetMe, loadMe, myName } from './me.js';
import { renderBroadcasts } from './pages/broadcasts.js';
import { renderCanned } from './pages/canned.js';
import { renderChannels } from './pages/channels.js';
import { renderFirstRun } from './pages/first-run.js';
import { renderHumans } from './pages/humans.js';
import { renderInbox } from './pages/inbox.js';
import { renderKnowledge } from './pages/knowledge.js';
import { renderOverview } from './pages/overview.js';
import { renderSettings } from './pages/settings.js';
import { renderSignIn } from './pages/sign-in.js';
import { renderTeam } from './pages/team.js';

/** A page draws itself into main and returns what stops it (timers) when another page is opened. */
export type Page = (main: HTMLElement, args: string[]) => Promise<(() => void) | void>;

/** Each page with its link's words and the scope it needs: pages a role cannot use are not offered. */
const PAGES: Record<string, { title: string; link: string; needs: string | null; render: Page }> = {
  inbox: { title: 'Inbox', link: 'Inbox', needs: 'conversations:read', render: renderInbox },
  // The two pages with large libraries (the builder's layout and editor, the charts) come as chunks when opened.
  bots: { title: 'Bots', link: 'Bots', needs: 'bots:read', render: async (m, a) => (await import('./pages/bots.js')).renderBots(m, a) },
  channels: { title: 'Channels', link: 'Channels', needs: 'channels:read', render: renderChannels },
  overview: { title: 'Overview', link: 'Overview', needs: 'conversations:read', render: renderOverview },
  analytics: { title: 'Analytics', link: 'Analytics', needs: 'conversations:read', render: async (m) => (await import('./pages/analytics.js')).renderAnalytics(m) },
  humans: { title: 'Humans', link: 'Humans', needs: 'humans:read', render: renderHumans },
  broadcasts: { title: 'Broadcasts', link: 'Broadcasts', needs: 'broadcasts:read', render: renderBroadcasts },
  canned: { title: 'Canned replies', link: 'Canned replies', needs: 'conversations:read', render: renderCanned },
  settings: { title: 'Webhooks and tokens', link: 'Webhooks & tokens', needs: null, render: renderSettings },
  team: { title: 'Team and audit', link: 'Team & audit', needs: 'members:read', render: renderTeam },
  knowledge: { title: 'Knowledge', link: 'Knowledge', needs: 'bots:read', render: renderKnowledge },
};

const main = document.getElementById('main')!;
const top = document.querySelector<HTMLElement>('header.top')!;
const nav = top.querySelector<HTMLElement>('ul.nav')!;
const who = top.querySelector<HTMLElement>('.who')!;
let stop: (() => void) | void;

async function signedIn(): Promise<boolean> {
  const { response } = await api.GET('/v1/sessions');
  return response.ok;
}

function allowed(name: string): boolean {
  const page = PAGES[name];
  return page !== undefined && (page.needs === null || can(page.needs));
}

/** The menu: only the pages the role may use. */
function drawNav(): void {
  replace(nav, Object.entries(PAGES).filter(([name]) => allowed(name)).map(([name, page]) => h('li', {}, h('a', { href: `#/${name}` }, page.link))));
  who.textContent = myName();
}

async function signedOut(): Promise<void> {
  top.hidden = true;
  forgetMe();
  const setup = (await api.GET('/v1/setup')).data;
  const proceed = () => {
    if (location.hash === '' || location.hash === '#/sign-in') location.hash = '#/inbox';
    else void route();
  };
  if (setup?.needed === true) {
    document.title = 'Welcome · Parley console';
    stop = await renderFirstRun(main, setup.codeRequired, proceed);
    return;
  }
  document.title = 'Sign in · Parley console';
  stop = await renderSignIn(main, proceed);
}

async function route(moveFocus = false): Promise<void> {
  if (typeof stop === 'function') stop();
  stop = undefined;
  if (!(await signedIn())) return signedOut();
  await loadMe();
  drawNav();
  top.hidden = false;
  // A page's view may follow a query (#/analytics?from=…): the page reads it; the path names the page.
  const [asked = 'inbox', ...args] = location.hash.replace(/^#\/?/, '').split('?')[0]!.split('/').filter(Boolean);
  // A page the role may not use is not offered; asked for anyway, the first one it may use is shown.
  const name = allowed(asked) ? asked : Object.keys(PAGES).find(allowed) ?? 'settings';
  const page = PAGES[name]!;
  for (const link of nav.querySelectorAll('a')) {
    if (link.getAttribute('href') === `#/${name}`) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  document.title = `${page.title} · Parley console`;
  main.replaceChildren();
  stop = await page.render(main, name === asked ? args : []);
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

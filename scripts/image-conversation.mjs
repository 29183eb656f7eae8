// A web-chat conversation with a running Parley, as scripts/image-check.sh runs it against the container image:
//   PARLEY_URL=http://127.0.0.1:18080 PARLEY_TOKEN=… node scripts/image-conversation.mjs examples/front-desk/bot.json
// Creates the bot and a web channel, greets as a new visitor, gives an e-mail address, and checks that the bot answered
// and the address reached the contact. Exits 1 with what was missing.
import fs from 'node:fs';
import WebSocket from 'ws';

const base = process.env.PARLEY_URL;
const token = process.env.PARLEY_TOKEN;
const botFile = process.argv[2];
if (!base || !token || !botFile) {
  console.error('usage: PARLEY_URL=… PARLEY_TOKEN=… node scripts/image-conversation.mjs BOT.json');
  process.exit(2);
}
const WAIT_MS = 30_000;

async function api(method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

const bot = await api('POST', '/v1/bots', JSON.parse(fs.readFileSync(botFile, 'utf8')));
const channel = await api('POST', '/v1/channels', { channelType: 'web', botId: bot.id, name: 'Image check', description: 'Web chat through the image' });

const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/chat/${channel.id}/ws`);
const said = [];
let waiting = null;
socket.on('message', (data) => {
  const frame = JSON.parse(String(data));
  if (frame.type === 'message' && frame.message.direction === 'out') said.push(frame.message.text ?? '');
  if (waiting !== null && waiting.test()) waiting.done();
});
/** Resolves once `test` holds for what the bot said, or fails after WAIT_MS with the transcript. */
function until(what, test) {
  return new Promise((resolve, reject) => {
    if (test()) return resolve();
    const timer = setTimeout(() => reject(new Error(`no ${what} within ${WAIT_MS / 1000} s; the bot said: ${JSON.stringify(said)}`)), WAIT_MS);
    waiting = { test, done: () => { clearTimeout(timer); waiting = null; resolve(); } };
  });
}

await new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject); });
socket.send(JSON.stringify({ type: 'hello', visitor: null }));
await until('greeting', () => said.length >= 1);
const email = `visitor-${Date.now()}@example.com`;
socket.send(JSON.stringify({ type: 'message', id: 'image-check-1', text: email }));
await until('answer to the e-mail', () => said.some((t) => t.includes(email)));
socket.close();

const found = await api('GET', `/v1/humans?email=${encodeURIComponent(email)}`);
if (found.humans.length !== 1) throw new Error(`the contact with ${email} was not found: ${JSON.stringify(found)}`);
console.log(`[image] web chat through the image: greeted ("${said[0].slice(0, 40)}…"), the e-mail answered and kept on human ${found.humans[0].id}`);

// Knowledge: bases and their documents (added, uploaded or crawled, with their indexing progress), a search to try a
// question, the account's model endpoints, and the answers' token usage by bot and day (docs/knowledge.md).
import { api, must, problemText } from '../api.js';
import { announce, dateText, errorBox, field, h, replace } from '../dom.js';

/** How often a base's documents are read again while some are still being indexed. */
const POLL_MS = 1500;

export async function renderKnowledge(main: HTMLElement, args: string[]): Promise<() => void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => clearTimeout(timer);
  const baseId = Number(args[0]);
  if (Number.isInteger(baseId) && baseId > 0) await drawBase(main, baseId, (again) => { timer = setTimeout(again, POLL_MS); });
  else await drawIndex(main);
  return stop;
}

async function drawIndex(main: HTMLElement): Promise<void> {
  const [bases, endpoints, usage] = await Promise.all([
    must(api.GET('/v1/knowledge-bases')), must(api.GET('/v1/model-endpoints')), must(api.GET('/v1/usage', { params: { query: {} } })),
  ]);
  const error = errorBox();
  const again = () => drawIndex(main);
  const act = (run: () => Promise<unknown>, said: string) => void (async () => {
    try {
      await run();
      announce(said);
      await again();
    } catch (e) {
      error.show(problemText(e));
    }
  })();

  const name = h('input', { name: 'name', required: true, maxlength: 100 });
  const language = h('input', { name: 'language', value: 'en', maxlength: 35 });
  const baseForm = h('form', { class: 'row' }, field('Name', name), field('Language', language, 'ISO 639-1: stems the documents\' words.'), h('button', { type: 'submit' }, 'Create knowledge base'));
  baseForm.addEventListener('submit', (event) => {
    event.preventDefault();
    act(() => must(api.POST('/v1/knowledge-bases', { body: { name: name.value, language: language.value } })), 'Knowledge base created.');
  });

  const epName = h('input', { name: 'endpointName', required: true, maxlength: 100, value: 'local' });
  const epUrl = h('input', { name: 'baseUrl', type: 'url', required: true, placeholder: 'http://localhost:11434/v1' });
  const epKey = h('input', { name: 'apiKey', type: 'password', autocomplete: 'off' });
  const epChat = h('input', { name: 'chatModel', placeholder: 'llama3.1:8b' });
  const epEmbed = h('input', { name: 'embeddingModel' });
  const epForm = h('form', { class: 'row' }, field('Name', epName), field('Base URL', epUrl, 'An OpenAI-compatible server; a local one needs MODEL_ALLOW_HOSTS.'),
    field('API key', epKey, 'Sealed, never shown again.'), field('Chat model', epChat), field('Embeddings model', epEmbed), h('button', { type: 'submit' }, 'Add model endpoint'));
  epForm.addEventListener('submit', (event) => {
    event.preventDefault();
    act(() => must(api.POST('/v1/model-endpoints', { body: {
      name: epName.value, baseUrl: epUrl.value, apiKey: epKey.value || null, chatModel: epChat.value || null, embeddingModel: epEmbed.value || null,
    } })), 'Model endpoint added.');
  });

  replace(main, h('h1', {}, 'Knowledge'), error,
    h('section', {}, h('h2', {}, 'Knowledge bases'), baseForm,
      bases.length === 0 ? h('p', { class: 'empty' }, 'None yet.') : h('ul', { class: 'plain' }, bases.map((b) => h('li', {},
        h('a', { href: `#/knowledge/${b.id}` }, b.name), ` · ${b.language} · ${b.chunkCount} passages · since ${dateText(b.dateCreated)} `,
        h('button', { type: 'button', class: 'danger', onclick: () => act(() => must(api.DELETE('/v1/knowledge-bases/{knowledge_base_id}', { params: { path: { knowledge_base_id: b.id } } })), 'Knowledge base deleted.') }, `Delete ${b.name}`))))),
    h('section', {}, h('h2', {}, 'Model endpoints'), epForm,
      h('ul', { class: 'plain' }, endpoints.map((e) => h('li', {}, h('code', {}, e.baseUrl), ` ${e.name} · chat ${e.chatModel ?? '—'} · embeddings ${e.embeddingModel ?? '—'}${e.hasApiKey ? ' · key kept' : ''} `,
        h('button', { type: 'button', class: 'danger', onclick: () => act(() => must(api.DELETE('/v1/model-endpoints/{endpoint_id}', { params: { path: { endpoint_id: e.id } } })), 'Model endpoint deleted.') }, `Delete ${e.name}`))))),
    h('section', {}, h('h2', {}, `Answers from ${usage.from} to ${usage.to}`),
      h('p', {}, `${usage.totals.answers} answers (${usage.totals.fallbacks} fallbacks), ${usage.totals.promptTokens} prompt and ${usage.totals.completionTokens} answer tokens.`),
      usage.days.length === 0 ? null : h('table', {}, h('thead', {}, h('tr', {}, ['Day', 'Bot', 'Answers', 'Fallbacks', 'Prompt tokens', 'Answer tokens'].map((c) => h('th', { scope: 'col' }, c)))),
        h('tbody', {}, usage.days.map((d) => h('tr', {}, [d.day, d.botId, d.answers, d.fallbacks, d.promptTokens, d.completionTokens].map((c) => h('td', {}, c))))))));
}

/** The file as base64 (an upload travels in JSON). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function drawBase(main: HTMLElement, baseId: number, poll: (again: () => void) => void): Promise<void> {
  const path = { knowledge_base_id: baseId };
  const [base, documents, crawls] = await Promise.all([
    must(api.GET('/v1/knowledge-bases/{knowledge_base_id}', { params: { path } })),
    must(api.GET('/v1/knowledge-bases/{knowledge_base_id}/documents', { params: { path, query: {} } })),
    must(api.GET('/v1/knowledge-bases/{knowledge_base_id}/crawls', { params: { path } })),
  ]);
  const error = errorBox();
  const again = () => void drawBase(main, baseId, poll);
  const act = (run: () => Promise<unknown>, said: string) => void (async () => {
    try {
      await run();
      announce(said);
      again();
    } catch (e) {
      error.show(problemText(e));
    }
  })();

  const title = h('input', { name: 'title', maxlength: 500 });
  const kind = h('select', { name: 'type' }, ['text', 'markdown', 'html', 'url', 'pdf'].map((k) => h('option', { value: k }, k)));
  const content = h('textarea', { name: 'content', rows: 5 });
  const url = h('input', { name: 'url', type: 'url' });
  const file = h('input', { name: 'file', type: 'file', accept: 'application/pdf' });
  const citable = h('input', { name: 'citable', type: 'checkbox', checked: true });
  const docForm = h('form', { class: 'row' }, field('Title', title), field('Kind', kind), field('Text, Markdown or HTML', content), field('URL (kind url)', url),
    field('PDF file (kind pdf)', file), field('May be cited to end users', citable), h('button', { type: 'submit' }, 'Add document'));
  docForm.addEventListener('submit', (event) => {
    event.preventDefault();
    act(async () => {
      const type = kind.value;
      const common = { citable: citable.checked };
      const body = type === 'url' ? { type, url: url.value, ...(title.value ? { title: title.value } : {}), ...common }
        : type === 'pdf' ? { type, contentBase64: await base64Of(file.files![0]!), ...(title.value ? { title: title.value } : {}), ...common }
          : { type: type as 'text' | 'markdown' | 'html', title: title.value, content: content.value, ...common };
      return must(api.POST('/v1/knowledge-bases/{knowledge_base_id}/documents', { params: { path }, body: body as never }));
    }, 'Document added; it is being indexed.');
  });

  const crawlUrl = h('input', { name: 'crawlUrl', type: 'url', required: true });
  const maxPages = h('input', { name: 'maxPages', type: 'number', min: 1, value: 50 });
  const crawlForm = h('form', { class: 'row' }, field('Site or sitemap URL', crawlUrl), field('Most pages', maxPages), h('button', { type: 'submit' }, 'Crawl'));
  crawlForm.addEventListener('submit', (event) => {
    event.preventDefault();
    act(() => must(api.POST('/v1/knowledge-bases/{knowledge_base_id}/crawls', { params: { path }, body: { url: crawlUrl.value, maxPages: Number(maxPages.value) } })), 'Crawl started.');
  });

  const query = h('input', { name: 'query', type: 'search', required: true });
  const results = h('div', { 'aria-live': 'polite' });
  const searchForm = h('form', { class: 'row', role: 'search' }, field('Try a question', query), h('button', { type: 'submit' }, 'Search'));
  searchForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      try {
        const found = await must(api.POST('/v1/knowledge-bases/{knowledge_base_id}/search', { params: { path }, body: { query: query.value, limit: 5 } }));
        replace(results, h('p', {}, `${found.passages.length} passages in ${found.tookMs} ms`), h('ol', {}, found.passages.map((p) => h('li', {},
          h('strong', {}, p.heading), ` (score ${p.score.toFixed(2)}${p.citable ? '' : ', private'})`, h('p', {}, p.text.slice(0, 400))))));
      } catch (e) {
        error.show(problemText(e));
      }
    })();
  });

  const busy = documents.some((d) => d.status === 'queued' || d.status === 'processing') || crawls.some((c) => c.status === 'queued' || c.status === 'running');
  if (busy) poll(again);
  const ready = documents.filter((d) => d.status === 'ready').length;
  replace(main, h('h1', {}, `Knowledge base ${base.name}`), h('p', {}, h('a', { href: '#/knowledge' }, 'All knowledge bases')), error,
    h('section', {}, h('h2', {}, 'Try a question'), searchForm, results),
    h('section', {}, h('h2', {}, 'Documents'), h('p', { role: 'status' }, `${ready} of ${documents.length} indexed${busy ? ', indexing…' : ''}.`), docForm,
      h('ul', { class: 'plain' }, documents.map((d) => h('li', {}, `${d.title || d.sourceUrl || `Document ${d.id}`} · ${d.kind} · ${d.status}${d.error ? `: ${d.error}` : ''} · ${d.chunkCount} passages${d.citable ? '' : ' · private'} `,
        h('button', { type: 'button', class: 'danger', onclick: () => act(() => must(api.DELETE('/v1/knowledge-bases/{knowledge_base_id}/documents/{document_id}', { params: { path: { ...path, document_id: d.id } } })), 'Document deleted.') }, `Delete ${d.title || d.id}`))))),
    h('section', {}, h('h2', {}, 'Crawls'), crawlForm,
      h('ul', { class: 'plain' }, crawls.map((c) => h('li', {}, `${c.url} · ${c.mode} · ${c.status} · ${c.pagesFound} pages found, ${c.documents.ready} indexed, ${c.documents.failed} failed`)))));
}

// Broadcasts: a message to the humans with some tags and/or ids on a channel, then its progress until every message is settled.
import { api, must, problemText } from '../api.js';
import { typeLabel } from '../channel-forms.js';
import { errorBox, field, h, replace } from '../dom.js';
import { can } from '../me.js';
import { howItGoes } from './preview.js';
import { templatePicker } from './template-picker.js';

const REFRESH_MS = 1500;

export async function renderBroadcasts(main: HTMLElement, args: string[]): Promise<() => void> {
  // Channels made only to try a bot come last, and are never the default.
  const all = await must(api.GET('/v1/channels'));
  const channels = [...all.filter((c) => !c.trial), ...all.filter((c) => c.trial)];
  const channel = h('select', { name: 'channelId', required: true }, channels.map((c) => h('option', { value: c.id }, `${c.name} (${typeLabel(c.channelType)})${c.trial ? ' — for trying' : ''}`)));
  const tags = h('input', { name: 'tags', maxlength: 2000 });
  const humanIds = h('input', { name: 'humanIds', inputmode: 'numeric', maxlength: 2000 });
  const text = h('textarea', { name: 'text', rows: 3, maxlength: 3072, required: true });
  const preview = h('div', { class: 'preview', 'aria-label': 'Preview' });
  // WhatsApp sends a broadcast only as an approved template (a first message is outside every 24-hour window).
  const picker = templatePicker('Approved template', 'WhatsApp takes a broadcast only as a template its business account approved.');
  const error = errorBox();
  const progress = h('section', { 'aria-live': 'polite', 'aria-label': 'Progress' });
  const form = h('form', { class: 'card' }, field('Channel', channel), field('Tags', tags, 'Comma-separated: humans with any of them.'), field('Human ids', humanIds, 'Comma-separated ids, besides or instead of tags.'),
    field('Message', text, 'Tags such as {sys:firstName} are filled in for each human.'), preview, picker.node, error, h('button', { type: 'submit', class: 'primary' }, 'Send'));
  const showPreview = () => {
    const type = channels.find((c) => String(c.id) === channel.value)?.channelType ?? '';
    // {sys:…} tags are filled per human; the preview shows them as placeholders.
    const sample = text.value.replace(/\{sys:firstName\}/g, 'Ada').replace(/\{sys:lastName\}/g, 'Lovelace');
    replace(preview, h('p', { class: 'hint' }, `As ${typeLabel(type)} shows it:`), h('p', { class: `bubble ${type}` }, sample || '…'), h('small', {}, howItGoes(type, sample)));
  };
  const messageField = text.closest('.field') as HTMLElement;
  const loadTemplates = async (): Promise<void> => {
    const id = Number(channel.value);
    const count = Number.isInteger(id) && id > 0 ? await picker.load(id) : 0;
    if (String(id) !== channel.value) return;
    picker.show(count > 0);
    // A channel with templates sends one; its free text would be refused.
    text.required = count === 0;
    messageField.hidden = count > 0;
    preview.hidden = count > 0;
  };
  text.addEventListener('input', showPreview);
  channel.addEventListener('change', () => {
    showPreview();
    void loadTemplates();
  });
  showPreview();
  void loadTemplates();

  let batchId = args[0] === undefined ? null : Number(args[0]);
  async function poll(): Promise<void> {
    if (batchId === null) return;
    const b = await must(api.GET('/v1/messages/batches/{batch_id}', { params: { path: { batch_id: batchId } } }));
    const m = b.messages;
    replace(progress, h('h2', {}, `Broadcast ${b.id}: ${b.status}`),
      h('dl', { class: 'counts' }, ([['humans', b.total], ['queued', m.queued], ['sent', m.sent], ['delivered', m.delivered], ['read', m.read], ['failed', m.failed], ['unreachable', b.unreachable]] as const)
        .flatMap(([k, v]) => [h('dt', {}, k), h('dd', { 'data-count': k }, String(v))])));
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      try {
        const ids = humanIds.value.split(',').map((x) => Number(x.trim())).filter((x) => Number.isInteger(x) && x > 0);
        const target = { targetType: 'humans', ...(tags.value.trim() ? { tags: tags.value } : {}), ...(ids.length > 0 ? { ids } : {}) };
        const template = picker.node.hidden ? null : picker.chosen();
        if (!picker.node.hidden && template === null) {
          error.show('Choose the approved template to send.');
          return;
        }
        const content = template !== null ? { template } : { text: text.value };
        const sent = await must(api.POST('/v1/messages', { body: { channelId: Number(channel.value), ...content, targets: [target] } }));
        error.show(null);
        batchId = sent.batchId;
        history.replaceState(null, '', `#/broadcasts/${sent.batchId}`);
        await poll();
      } catch (e) {
        error.show(problemText(e));
      }
    })();
  });
  replace(main, h('h1', {}, 'Broadcasts'),
    !can('broadcasts:write') ? h('p', { class: 'hint' }, 'Your role follows broadcasts; sending them is for developers, admins and owners.')
      : channels.length === 0 ? h('p', { class: 'empty' }, 'Create a channel first (Channels), then send to its subscribers here.') : form, progress);
  await poll();
  const timer = setInterval(() => void poll().catch(() => undefined), REFRESH_MS);
  return () => clearInterval(timer);
}

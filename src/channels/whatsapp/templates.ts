// A channel's message templates: those its token declares, and those of its WhatsApp Business Account, kept a while.
import type { Logger } from '../ports.js';
import type { TemplateCatalog, TemplateInfo } from '../templates.js';
import type { ChannelRecord } from '../types.js';
import { type CloudApi, CloudApiUnavailable } from './cloud-api.js';
import { describeCloudError, readCloudError } from './errors.js';
import { type SecretDefaults, whatsappSettings, WhatsAppSetupProblem } from './settings.js';

/** Pages of 100 read at most: a business account holds up to 6,000 templates (250 by default). */
const MAX_PAGES = 60;

function parameters(body: string | null): number {
  if (body === null) return 0;
  return new Set([...body.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1])).size;
}

function readTemplate(raw: unknown): TemplateInfo | null {
  if (raw === null || typeof raw !== 'object') return null;
  const t = raw as Record<string, unknown>;
  if (typeof t.name !== 'string' || typeof t.language !== 'string') return null;
  const components = Array.isArray(t.components) ? t.components : [];
  const bodyComponent = components.find((c: unknown) => (c as { type?: unknown } | null)?.type === 'BODY') as { text?: unknown } | undefined;
  const body = typeof bodyComponent?.text === 'string' ? bodyComponent.text : null;
  return {
    name: t.name, language: t.language, status: typeof t.status === 'string' ? t.status : 'UNKNOWN',
    category: typeof t.category === 'string' ? t.category : null, body, parameters: parameters(body), source: 'businessAccount',
  };
}

export class WhatsAppTemplates implements TemplateCatalog {
  private readonly cache = new Map<string, { at: number; templates: TemplateInfo[] }>();

  constructor(private readonly parts: { api: CloudApi; defaults: SecretDefaults; cacheMs: number; log: () => Logger | null }) {}

  async list(channel: ChannelRecord, fresh = false): Promise<TemplateInfo[]> {
    let settings;
    try {
      settings = whatsappSettings(channel, this.parts.defaults);
    } catch (err) {
      if (err instanceof WhatsAppSetupProblem) return [];
      throw err;
    }
    const declared = settings.declaredTemplates.map((t): TemplateInfo => ({
      name: t.name, language: t.language, status: 'DECLARED', category: t.category, body: t.body, parameters: parameters(t.body), source: 'declared',
    }));
    if (settings.businessAccountId === null) return declared;
    const key = `${channel.id}:${settings.businessAccountId}`;
    const cached = this.cache.get(key);
    if (!fresh && cached !== undefined && Date.now() - cached.at < this.parts.cacheMs) return [...declared, ...cached.templates];
    const synced = await this.fetch(settings.businessAccountId, settings.accessToken, channel.id);
    if (synced !== null) this.cache.set(key, { at: Date.now(), templates: synced });
    return [...declared, ...(synced ?? cached?.templates ?? [])];
  }

  /** The business account's templates; null when they cannot be read now (logged: the token may lack the permission). */
  private async fetch(accountId: string, accessToken: string, channelId: number): Promise<TemplateInfo[] | null> {
    const { api } = this.parts;
    const out: TemplateInfo[] = [];
    let url: URL | null = api.url(`${accountId}/message_templates`, { fields: 'name,language,status,category,components', limit: '100' });
    try {
      for (let page = 0; page < MAX_PAGES && url !== null; page++) {
        const res = await api.call('GET', url, accessToken);
        if (res.status !== 200) {
          this.parts.log()?.warn({ channelId, why: describeCloudError(res.status, readCloudError(res.json)) }, 'WhatsApp templates could not be read');
          return null;
        }
        const body = res.json as { data?: unknown; paging?: { cursors?: { after?: unknown }; next?: unknown } } | undefined;
        for (const raw of Array.isArray(body?.data) ? body.data : []) {
          const template = readTemplate(raw);
          if (template !== null) out.push(template);
        }
        const after = body?.paging?.cursors?.after;
        url = typeof body?.paging?.next === 'string' && typeof after === 'string'
          ? api.url(`${accountId}/message_templates`, { fields: 'name,language,status,category,components', limit: '100', after })
          : null;
      }
    } catch (err) {
      if (!(err instanceof CloudApiUnavailable)) throw err;
      this.parts.log()?.warn({ channelId, why: err.message }, 'WhatsApp templates could not be read');
      return null;
    }
    return out;
  }
}

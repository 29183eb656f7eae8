// Model endpoints of an account: an OpenAI-compatible server's base URL, its model names, and its key sealed at rest
// like channel tokens (never shown again). The base URL must pass the guard with the operator's model allow-list.
import type { Kysely, Selectable } from 'kysely';
import { ConflictError, ownedBy, UnprocessableError } from '../../errors.js';
import { type ModelClient, ModelError, type ModelEndpoint } from '../../knowledge/index.js';
import type { SecretBox } from '../../security/index.js';
import { isUniqueViolation, type Database } from '../../store/index.js';
import { apiDate, isoNow, type Clock } from '../../time.js';

type EndpointRow = Selectable<Database['model_endpoints']>;

export interface EndpointView {
  id: number;
  name: string;
  baseUrl: string;
  /** Whether a key is kept (it is never shown). */
  hasApiKey: boolean;
  chatModel: string | null;
  embeddingModel: string | null;
  rerankModel: string | null;
  timeoutMs: number;
  maxRetries: number;
  dateCreated: string;
  dateUpdated: string;
}

export interface EndpointInput {
  name: string;
  baseUrl: string;
  /** Omitted on update: the kept key stays; null removes it. */
  apiKey?: string | null;
  chatModel?: string | null;
  embeddingModel?: string | null;
  rerankModel?: string | null;
  timeoutMs?: number;
  maxRetries?: number;
}

export const MAX_ENDPOINTS_PER_ACCOUNT = 20;

function view(row: EndpointRow): EndpointView {
  return {
    id: row.id, name: row.name, baseUrl: row.base_url, hasApiKey: row.api_key_sealed !== null, chatModel: row.chat_model,
    embeddingModel: row.embedding_model, rerankModel: row.rerank_model, timeoutMs: row.timeout_ms, maxRetries: row.max_retries,
    dateCreated: apiDate(row.created_at), dateUpdated: apiDate(row.updated_at),
  };
}

export class ModelEndpointService {
  constructor(private readonly db: Kysely<Database>, private readonly secrets: SecretBox, private readonly client: ModelClient, private readonly clock: Clock) {}

  private async row(accountId: number, id: number): Promise<EndpointRow> {
    const row = await this.db.selectFrom('model_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
    return ownedBy(row === undefined ? undefined : { ...row, accountId: row.account_id }, accountId, 'Model endpoint', id);
  }

  private check(input: EndpointInput): string {
    let url: URL;
    try { url = new URL(input.baseUrl); } catch { throw new UnprocessableError(`baseUrl: "${input.baseUrl.slice(0, 200)}" is not an absolute URL.`); }
    try {
      this.client.checkBaseUrl(url.href);
    } catch (error) {
      throw new UnprocessableError(`baseUrl: ${error instanceof ModelError ? error.message : String(error)} (an internal model server needs its host in MODEL_ALLOW_HOSTS).`);
    }
    return url.href.replace(/\/+$/, '');
  }

  private async uniqueName(accountId: number, name: string, except: number | null): Promise<void> {
    const other = await this.db.selectFrom('model_endpoints').select('id').where('account_id', '=', accountId).where('name', '=', name).executeTakeFirst();
    if (other !== undefined && other.id !== except) throw new ConflictError(`A model endpoint named "${name}" already exists (id ${other.id}).`);
  }

  /** `write`, with the unique index's refusal (another request took the name since uniqueName looked) as the same 409. */
  private async named<T>(accountId: number, name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await this.uniqueName(accountId, name, null);
      throw new ConflictError(`A model endpoint named "${name}" already exists.`);
    }
  }

  async list(accountId: number): Promise<EndpointView[]> {
    return (await this.db.selectFrom('model_endpoints').selectAll().where('account_id', '=', accountId).orderBy('id').execute()).map(view);
  }

  async get(accountId: number, id: number): Promise<EndpointView> {
    return view(await this.row(accountId, id));
  }

  async create(accountId: number, input: EndpointInput): Promise<EndpointView> {
    const baseUrl = this.check(input);
    await this.uniqueName(accountId, input.name, null);
    const count = (await this.db.selectFrom('model_endpoints').select('id').where('account_id', '=', accountId).execute()).length;
    if (count >= MAX_ENDPOINTS_PER_ACCOUNT) throw new UnprocessableError(`An account may have at most ${MAX_ENDPOINTS_PER_ACCOUNT} model endpoints.`);
    const now = isoNow(this.clock);
    const row = await this.named(accountId, input.name, () => this.db.insertInto('model_endpoints').values({
      account_id: accountId, name: input.name, base_url: baseUrl, api_key_sealed: input.apiKey ? this.secrets.seal(input.apiKey) : null,
      chat_model: input.chatModel ?? null, embedding_model: input.embeddingModel ?? null, rerank_model: input.rerankModel ?? null,
      timeout_ms: input.timeoutMs ?? 30_000, max_retries: input.maxRetries ?? 2, created_at: now, updated_at: now,
    }).returningAll().executeTakeFirstOrThrow());
    return view(row);
  }

  async update(accountId: number, id: number, input: EndpointInput): Promise<EndpointView> {
    const row = await this.row(accountId, id);
    const baseUrl = this.check(input);
    await this.uniqueName(accountId, input.name, id);
    const updated = await this.named(accountId, input.name, () => this.db.updateTable('model_endpoints').set({
      name: input.name, base_url: baseUrl,
      api_key_sealed: input.apiKey === undefined ? row.api_key_sealed : input.apiKey === null || input.apiKey === '' ? null : this.secrets.seal(input.apiKey),
      chat_model: input.chatModel === undefined ? row.chat_model : input.chatModel,
      embedding_model: input.embeddingModel === undefined ? row.embedding_model : input.embeddingModel,
      rerank_model: input.rerankModel === undefined ? row.rerank_model : input.rerankModel,
      timeout_ms: input.timeoutMs ?? row.timeout_ms, max_retries: input.maxRetries ?? row.max_retries, updated_at: isoNow(this.clock),
    }).where('id', '=', id).returningAll().executeTakeFirstOrThrow());
    return view(updated);
  }

  async delete(accountId: number, id: number): Promise<void> {
    await this.row(accountId, id);
    await this.db.deleteFrom('model_endpoints').where('id', '=', id).execute();
  }

  /**
   * The endpoint an answer uses, its key opened: the one named (by name), else the account's first with a chat model;
   * null when the account has none (the answer is then extractive).
   */
  async forAnswer(accountId: number, name: string | null): Promise<(ModelEndpoint & { id: number; name: string }) | null> {
    let query = this.db.selectFrom('model_endpoints').selectAll().where('account_id', '=', accountId);
    query = name === null ? query.where('chat_model', 'is not', null) : query.where('name', '=', name);
    const row = await query.orderBy('id').limit(1).executeTakeFirst();
    return row === undefined ? null : this.opened(row);
  }

  async byId(id: number): Promise<(ModelEndpoint & { id: number; name: string }) | null> {
    const row = await this.db.selectFrom('model_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? null : this.opened(row);
  }

  private opened(row: EndpointRow): ModelEndpoint & { id: number; name: string } {
    return {
      id: row.id, name: row.name, baseUrl: row.base_url, apiKey: row.api_key_sealed === null ? null : this.secrets.open(row.api_key_sealed),
      chatModel: row.chat_model, embeddingModel: row.embedding_model, rerankModel: row.rerank_model, timeoutMs: row.timeout_ms, maxRetries: row.max_retries,
    };
  }
}

// Knowledge bases of an account: create, list, read, change and delete (with every document, chunk and posting).
import { sql, type Kysely } from 'kysely';
import { ConflictError, ownedBy, UnprocessableError } from '../../errors.js';
import { languageOf } from '../../knowledge/index.js';
import type { Database } from '../../store/index.js';
import { isoNow, type Clock } from '../../time.js';
import { type BaseRow, baseView, type KnowledgeBaseView } from './views.js';

/** Knowledge bases one account may have. */
export const MAX_BASES_PER_ACCOUNT = 100;

export interface BaseInput {
  name: string;
  description?: string;
  language?: string;
  embeddingEndpointId?: number | null;
}

export class KnowledgeBaseService {
  /** Told when a base's embeddings endpoint changes (its documents are then indexed again for vectors). */
  onEmbeddingsChanged: (baseId: number) => Promise<unknown> = async () => undefined;

  constructor(private readonly db: Kysely<Database>, private readonly clock: Clock) {}

  /** The row, when it is the account's (404 unknown, 403 another account's). */
  async row(accountId: number, id: number): Promise<BaseRow> {
    const row = await this.db.selectFrom('knowledge_bases').selectAll().where('id', '=', id).executeTakeFirst();
    return ownedBy(row === undefined ? undefined : { ...row, accountId: row.account_id }, accountId, 'Knowledge base', id);
  }

  /** The account's bases by name or id, as an answer step names them; unknown names are left out. */
  async resolve(accountId: number, refs: readonly (string | number)[]): Promise<BaseRow[]> {
    const ids = refs.filter((r): r is number => typeof r === 'number');
    const names = refs.filter((r): r is string => typeof r === 'string');
    if (ids.length === 0 && names.length === 0) return [];
    return this.db.selectFrom('knowledge_bases').selectAll().where('account_id', '=', accountId)
      .where((eb) => eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(names.length ? [eb('name', 'in', names)] : [])]))
      .orderBy('id').execute();
  }

  async list(accountId: number): Promise<KnowledgeBaseView[]> {
    const rows = await this.db.selectFrom('knowledge_bases').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
    return rows.map(baseView);
  }

  async get(accountId: number, id: number): Promise<KnowledgeBaseView> {
    return baseView(await this.row(accountId, id));
  }

  private async checkEndpoint(accountId: number, endpointId: number | null | undefined): Promise<void> {
    if (endpointId === undefined || endpointId === null) return;
    const endpoint = await this.db.selectFrom('model_endpoints').select(['account_id', 'embedding_model']).where('id', '=', endpointId).executeTakeFirst();
    if (endpoint === undefined || endpoint.account_id !== accountId) throw new UnprocessableError(`embeddingEndpointId: model endpoint ${endpointId} does not exist in this account.`);
    if (endpoint.embedding_model === null) throw new UnprocessableError(`embeddingEndpointId: model endpoint ${endpointId} names no embeddings model.`);
  }

  async create(accountId: number, input: BaseInput): Promise<KnowledgeBaseView> {
    await this.checkEndpoint(accountId, input.embeddingEndpointId);
    const { n } = await this.db.selectFrom('knowledge_bases').select(sql<number>`count(*)`.as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    if (Number(n) >= MAX_BASES_PER_ACCOUNT) throw new UnprocessableError(`An account may have at most ${MAX_BASES_PER_ACCOUNT} knowledge bases.`);
    await this.uniqueName(accountId, input.name, null);
    const now = isoNow(this.clock);
    const row = await this.db.insertInto('knowledge_bases').values({
      account_id: accountId, name: input.name, description: input.description ?? '', language: languageOf(input.language ?? 'en'),
      embedding_endpoint_id: input.embeddingEndpointId ?? null, chunk_count: 0, total_length: 0, created_at: now, updated_at: now,
    }).returningAll().executeTakeFirstOrThrow();
    return baseView(row);
  }

  private async uniqueName(accountId: number, name: string, except: number | null): Promise<void> {
    const other = await this.db.selectFrom('knowledge_bases').select('id').where('account_id', '=', accountId).where('name', '=', name).executeTakeFirst();
    if (other !== undefined && other.id !== except) throw new ConflictError(`A knowledge base named "${name}" already exists (id ${other.id}).`);
  }

  /** Name, description and the embeddings endpoint; the language is fixed once documents are indexed with it. */
  async update(accountId: number, id: number, input: BaseInput): Promise<KnowledgeBaseView> {
    const row = await this.row(accountId, id);
    await this.checkEndpoint(accountId, input.embeddingEndpointId);
    await this.uniqueName(accountId, input.name, id);
    if (input.language !== undefined && languageOf(input.language) !== row.language && Number(row.chunk_count) > 0) {
      throw new ConflictError(`The knowledge base holds documents indexed as "${row.language}"; delete them before changing its language.`);
    }
    const updated = await this.db.updateTable('knowledge_bases').set({
      name: input.name, description: input.description ?? row.description, language: input.language === undefined ? row.language : languageOf(input.language),
      embedding_endpoint_id: input.embeddingEndpointId === undefined ? row.embedding_endpoint_id : input.embeddingEndpointId,
      updated_at: isoNow(this.clock),
    }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    if (updated.embedding_endpoint_id !== null && updated.embedding_endpoint_id !== row.embedding_endpoint_id) await this.onEmbeddingsChanged(id);
    return baseView(updated);
  }

  /** Deletes the base with everything in it, in one transaction. */
  async delete(accountId: number, id: number): Promise<void> {
    await this.row(accountId, id);
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('knowledge_postings').where('knowledge_base_id', '=', id).execute();
      await tx.deleteFrom('knowledge_terms').where('knowledge_base_id', '=', id).execute();
      await tx.deleteFrom('knowledge_chunks').where('knowledge_base_id', '=', id).execute();
      await tx.deleteFrom('knowledge_documents').where('knowledge_base_id', '=', id).execute();
      await tx.deleteFrom('knowledge_crawls').where('knowledge_base_id', '=', id).execute();
      await tx.deleteFrom('knowledge_bases').where('id', '=', id).execute();
    });
  }
}

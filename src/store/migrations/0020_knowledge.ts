// Knowledge: knowledge bases, their documents, chunks and BM25 postings (one inverted index on both databases), site
// crawls, per-account model endpoints, and the token usage of answers.
import { sql, type Kysely } from 'kysely';
import { idColumn, type Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await idColumn(db.schema.createTable('model_endpoints'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('api_key_sealed', 'text')
    .addColumn('chat_model', 'text')
    .addColumn('embedding_model', 'text')
    .addColumn('rerank_model', 'text')
    .addColumn('timeout_ms', 'integer', (c) => c.notNull())
    .addColumn('max_retries', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('model_endpoints_name', ['account_id', 'name'])
    .execute();

  await idColumn(db.schema.createTable('knowledge_bases'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('embedding_endpoint_id', 'integer', (c) => c.references('model_endpoints.id').onDelete('set null'))
    .addColumn('chunk_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_length', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('knowledge_bases_name', ['account_id', 'name'])
    .execute();

  await idColumn(db.schema.createTable('knowledge_crawls'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('knowledge_base_id', 'integer', (c) => c.notNull().references('knowledge_bases.id').onDelete('cascade'))
    .addColumn('start_url', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('max_pages', 'integer', (c) => c.notNull())
    .addColumn('max_depth', 'integer', (c) => c.notNull())
    .addColumn('same_host', 'integer', (c) => c.notNull())
    .addColumn('citable', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pages_found', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('knowledge_crawls_base').on('knowledge_crawls').columns(['knowledge_base_id', 'id']).execute();

  await idColumn(db.schema.createTable('knowledge_documents'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('knowledge_base_id', 'integer', (c) => c.notNull().references('knowledge_bases.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text')
    .addColumn('citable', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('pending', 'text')
    .addColumn('body', 'text')
    .addColumn('characters', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chunk_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('crawl_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('knowledge_documents_base').on('knowledge_documents').columns(['knowledge_base_id', 'id']).execute();
  await db.schema.createIndex('knowledge_documents_url').on('knowledge_documents').columns(['knowledge_base_id', 'source_url']).execute();

  await idColumn(db.schema.createTable('knowledge_chunks'), dialect)
    .addColumn('knowledge_base_id', 'integer', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('knowledge_documents.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('length', 'integer', (c) => c.notNull())
    .addColumn('embedding', 'text')
    .execute();
  await db.schema.createIndex('knowledge_chunks_document').on('knowledge_chunks').columns(['document_id', 'position']).execute();
  await db.schema.createIndex('knowledge_chunks_base').on('knowledge_chunks').columns(['knowledge_base_id', 'id']).execute();

  // The inverted index: clustered by (base, term) on SQLite (WITHOUT ROWID), so a query's postings are one range each.
  // On PostgreSQL the primary key's index carries tf and len (INCLUDE): the scoring reads the index alone once vacuumed.
  if (dialect === 'postgres') {
    await sql`CREATE TABLE knowledge_postings (
      knowledge_base_id integer NOT NULL, term text COLLATE "C" NOT NULL, chunk_id integer NOT NULL,
      tf double precision NOT NULL, len integer NOT NULL,
      CONSTRAINT knowledge_postings_pk PRIMARY KEY (knowledge_base_id, term, chunk_id) INCLUDE (tf, len))`.execute(db);
  } else {
    await sql`CREATE TABLE knowledge_postings (
      knowledge_base_id integer NOT NULL, term text NOT NULL, chunk_id integer NOT NULL, tf real NOT NULL, len integer NOT NULL,
      PRIMARY KEY (knowledge_base_id, term, chunk_id)) WITHOUT ROWID`.execute(db);
  }
  // Each term's document frequency per base, kept with the postings: a query reads its terms' df in one lookup each.
  await db.schema.createTable('knowledge_terms')
    .addColumn('knowledge_base_id', 'integer', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('df', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('knowledge_terms_pk', ['knowledge_base_id', 'term'])
    .execute();
  await db.schema.createIndex('knowledge_postings_chunk').on('knowledge_postings').column('chunk_id').execute();

  await idColumn(db.schema.createTable('knowledge_answers'), dialect)
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('conversation_id', 'integer')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('prompt_tokens', 'integer', (c) => c.notNull())
    .addColumn('completion_tokens', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('knowledge_answers_conversation').on('knowledge_answers').columns(['conversation_id']).execute();
  await db.schema.createIndex('knowledge_answers_account').on('knowledge_answers').columns(['account_id', 'day']).execute();

  await db.schema.createTable('knowledge_usage_daily')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('bot_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('answers', 'integer', (c) => c.notNull())
    .addColumn('fallbacks', 'integer', (c) => c.notNull())
    .addColumn('prompt_tokens', 'integer', (c) => c.notNull())
    .addColumn('completion_tokens', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('knowledge_usage_daily_pk', ['account_id', 'bot_id', 'day'])
    .execute();
}

// Single sign-on (OpenID Connect) per account: the provider, the sealed client secret, who may sign in and as what.
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createTable('account_sso')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    // SecretBox-sealed, as channel tokens are; never returned.
    .addColumn('client_secret_sealed', 'text', (c) => c.notNull())
    // JSON: lower-case e-mail domains whose people may sign in.
    .addColumn('allowed_domains', 'text', (c) => c.notNull())
    // The ID token claim read for the role (null: none), and JSON {claim value: role}.
    .addColumn('role_claim', 'text')
    .addColumn('role_map', 'text', (c) => c.notNull())
    .addColumn('default_role', 'text')
    // 1: members may still sign in with a password; 0: only through the provider.
    .addColumn('password_sign_in', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

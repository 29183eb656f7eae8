// The checked-in client types (sdk/schema.ts) are those of the document the server serves now: a route changed without `npm run sdk:generate` fails here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { servedDocument } from '../../sdk/document.js';
import { renderTypes } from '../../sdk/render.js';

describe('the typed client', () => {
  it('matches the served OpenAPI document (run `npm run sdk:generate` after changing a route)', async () => {
    const fresh = await renderTypes(await servedDocument());
    const checkedIn = fs.readFileSync(new URL('../../sdk/schema.ts', import.meta.url), 'utf8');
    expect(checkedIn === fresh, 'sdk/schema.ts is stale: run `npm run sdk:generate` and commit it').toBe(true);
  });
});

// Renders the OpenAPI document as the TypeScript types the client is typed by (openapi-typescript).
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = `// Generated from /v1/openapi.json by \`npm run sdk:generate\` (openapi-typescript); do not edit. test/sdk/drift.test.ts fails when it is stale.\n`;

export async function renderTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return HEADER + astToString(ast);
}

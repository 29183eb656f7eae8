// `npm run sdk:generate`: writes sdk/schema.ts from the document a server serves now.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { servedDocument } from './document.js';
import { renderTypes } from './render.js';

const target = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.ts');
fs.writeFileSync(target, await renderTypes(await servedDocument()));
console.log(`wrote ${path.relative(process.cwd(), target)}`);

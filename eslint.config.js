// The lint rules: the layers and front doors of docs/architecture.md, no import cycles, type-aware checks, and the layout.
import stylistic from '@stylistic/eslint-plugin';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** Files every folder may import: they import nothing of src/ (config.ts only its net/ types and parser, and the channel types). */
const SHARED = ['config.ts', 'errors.ts', 'time.ts', 'channel-types.ts', 'text-guard.ts', 'formats.ts'];

/**
 * What each folder of src/ may import besides itself, as docs/architecture.md draws it. The entry points
 * (main.ts, server.ts, cli/) wire everything and may import any folder, through its front door.
 */
const LAYERS = {
  http: ['services', 'channels', 'lookup', ...SHARED],
  services: ['channels', 'engine', 'store', 'lookup', 'jobs', 'net', 'security', 'knowledge', ...SHARED],
  // Knowledge bases: ingest (through net/'s guards), index and search in the store, evaluate (docs/knowledge.md).
  knowledge: ['store', 'net', ...SHARED],
  channels: ['engine', 'lookup', 'net', 'security', ...SHARED],
  jobs: ['store', ...SHARED],
  lookup: ['net', ...SHARED],
  store: [...SHARED],
  security: [...SHARED],
  // net/ implements the engine's HTTP port; config.ts imports net/, so net/ never imports config.ts.
  net: ['engine', 'errors.ts', 'time.ts', 'channel-types.ts', 'text-guard.ts'],
  engine: ['channel-types.ts'],
  'config.ts': ['net', 'channel-types.ts'],
  'errors.ts': [],
  'time.ts': [],
  'channel-types.ts': [],
  'text-guard.ts': [],
  'formats.ts': [],
};

/** Everything at the top of src/ that a layer rule can name. */
const TOP = [...Object.keys(LAYERS), 'cli', 'main.ts', 'server.ts'];

/** Folders other folders reach only through their index.ts (engine/ports.ts is the engine's second door, for adapters). */
const FRONT_DOORS = { engine: ['./index.ts', './ports.ts'], store: ['./index.ts'], channels: ['./index.ts'], net: ['./index.ts'],
  jobs: ['./index.ts'], lookup: ['./index.ts'], security: ['./index.ts'], services: ['./index.ts'], http: ['./index.ts'],
  knowledge: ['./index.ts'] };

const layerZones = Object.entries(LAYERS).flatMap(([layer, allowed]) => {
  const forbidden = TOP.filter((other) => other !== layer && !allowed.includes(other));
  const may = allowed.length === 0 ? 'nothing of src/' : allowed.join(', ');
  return forbidden.map((other) => ({
    target: `./src/${layer}`,
    from: `./src/${other}`,
    message: `${layer} may import only ${may} (docs/architecture.md).`,
  }));
});

const doorZones = Object.entries(FRONT_DOORS).map(([folder, doors]) => ({
  target: [`./src/!(${folder})/**`, './src/*.ts'],
  from: `./src/${folder}`,
  except: doors,
  message: `other folders import ${folder}/ through its front door (${doors.map((d) => `${folder}/${d.slice(2)}`).join(' or ')}).`,
}));

export default tseslint.config(
  // Plain JavaScript (web/, bin/, this file) has no types to check; everything TypeScript is linted.
  { ignores: ['**/*.js', '**/*.mjs', '**/*.cjs'] },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'sdk/**/*.ts', 'web/console/**/*.ts', 'vitest.config.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, 'import-x': importX },
    settings: {
      // Dependencies are read as TypeScript too, so cycles are followed through .ts files.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Promises: none dropped, none handed where a callback's result is ignored.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // Unions of kinds (steps, events, outcomes) are switched over exhaustively.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  {
    // The layout every file keeps (`npx eslint --fix .` applies it): the formatter, checked by `npm test`.
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'sdk/**/*.ts', 'web/console/**/*.ts', 'vitest.config.ts'],
    // The generated client keeps openapi-typescript's own layout.
    ignores: ['sdk/schema.ts'],
    plugins: { '@stylistic': stylistic },
    rules: {
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true, allowTemplateLiterals: 'always' }],
      '@stylistic/semi': ['error', 'always'],
      '@stylistic/comma-dangle': ['error', 'always-multiline'],
      '@stylistic/comma-spacing': 'error',
      '@stylistic/key-spacing': 'error',
      '@stylistic/keyword-spacing': 'error',
      '@stylistic/space-infix-ops': 'error',
      '@stylistic/space-before-blocks': 'error',
      '@stylistic/arrow-parens': ['error', 'always'],
      '@stylistic/arrow-spacing': 'error',
      '@stylistic/brace-style': ['error', '1tbs', { allowSingleLine: true }],
      '@stylistic/member-delimiter-style': 'error',
      '@stylistic/type-annotation-spacing': 'error',
      '@stylistic/no-trailing-spaces': 'error',
      '@stylistic/no-multiple-empty-lines': ['error', { max: 1, maxEOF: 0 }],
      '@stylistic/eol-last': 'error',
      '@stylistic/no-tabs': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      // Nothing untyped crosses a module boundary in the service itself. Tests and benchmarks may read JSON answers as
      // `any` (test/helpers/http.ts) and poke at them: there the checks would flag every assertion, not a defect.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...doorZones] }],
    },
  },
);

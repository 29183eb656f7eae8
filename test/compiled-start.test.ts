// `npm start` runs src/ compiled and bundled into dist/ (scripts/compile.mjs): the compiled server serves, finds its pages and
// assets, trains on its worker thread and drains on SIGTERM, as the TypeScript the other tests run does.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, OUT as dist } from '../scripts/compile.mjs';
import { nluDefinitionFrom } from '../src/engine/nlu/index.js';
import type { TrainingWorkerPool } from '../src/services/conversations/training-worker-pool.js';
import { pizzaBot } from './engine/nlu/fixture.js';

describe('the compiled server (npm start)', () => {
  beforeAll(async () => {
    await compile();
  }, 60_000);

  it('bundles src/ into a few modules, with the worker entries beside the entry point', () => {
    expect(fs.existsSync(path.join(dist, 'main.js'))).toBe(true);
    expect(fs.existsSync(path.join(dist, 'services/conversations/training-worker.js'))).toBe(true);
    expect(fs.existsSync(path.join(dist, 'store/sqlite-checkpointer-worker.mjs'))).toBe(true);
    // Some 600 modules of src/ and 1,300 of the bundled dependencies, which a start loaded one by one before.
    const modules = fs.readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'));
    expect(modules.length).toBeLessThan(30);
  });

  it('trains a recognizer on a worker thread that loads the compiled module', async () => {
    const module = await import(path.join(dist, 'services/conversations/training-worker-pool.js')) as { TrainingWorkerPool: typeof TrainingWorkerPool };
    const pool = new module.TrainingWorkerPool({ size: 1 });
    try {
      const trained = await pool.train(nluDefinitionFrom(pizzaBot), { classifier: { minUpdates: 2_000 } });
      expect(trained.where).toBe('worker');
      expect(trained.recognizer.recognize('track my order')?.intent).toBe('trackOrder');
    } finally {
      await pool.close();
    }
  });

  describe('node dist/main.js', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-compiled-'));
    let child: ReturnType<typeof spawn>;
    let url: string;
    let log = '';

    beforeAll(async () => {
      child = spawn(process.execPath, [path.join(dist, 'main.js')], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stderr!.on('data', (chunk: Buffer) => { log += chunk.toString(); });
      url = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          log += chunk.toString();
          const serving = /Parley is serving (\S+) on SQLite/.exec(log);
          if (serving) resolve(serving[1]!);
        });
        child.once('exit', (code) => reject(new Error(`the compiled server exited with ${code} before serving:\n${log}`)));
      });
    }, 60_000);

    afterAll(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('serves the API, the console and the web-chat widget', async () => {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/v1/channels`)).status).toBe(401);
      const page = await fetch(`${url}/console/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('/console/assets/console.js');
      const script = await fetch(`${url}/console/assets/console.js`);
      expect(script.status).toBe(200);
      expect((await script.text()).length).toBeGreaterThan(10_000);
      const widget = await fetch(`${url}/chat/assets/chat.js`);
      expect(widget.status).toBe(200);
      expect(log).not.toMatch(/Warning/);
    });

    it('drains and exits 0 on SIGTERM', async () => {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    });
  });
});

// A logger that is silent until the server hands over its own: providers are built before the HTTP app (and its logger) exists.
import type { FastifyBaseLogger } from 'fastify';

const SILENT: FastifyBaseLogger = {
  level: 'silent', fatal: () => {}, error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {}, silent: () => {},
  child: () => SILENT,
} as unknown as FastifyBaseLogger;

export class LoggerRef {
  private current: FastifyBaseLogger = SILENT;
  /** Always the latest logger, so parts built early log once the server started. */
  readonly log: FastifyBaseLogger = new Proxy({} as FastifyBaseLogger, { get: (_, key) => Reflect.get(this.current, key) });

  use(log: FastifyBaseLogger): void {
    this.current = log;
  }
}

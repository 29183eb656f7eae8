// A logger that stays silent until the server hands over its own: providers and the runtime exist before the HTTP app.
import type { LogFn, Logger } from './ports.js';

const silent: LogFn = () => {};
export const SILENT_LOGGER: Logger = { error: silent, warn: silent, info: silent, debug: silent };

export class LoggerRef {
  private current: Logger = SILENT_LOGGER;
  /** Always the latest logger, so parts built early log once the server started. */
  readonly log: Logger = {
    error: this.forward('error'),
    warn: this.forward('warn'),
    info: this.forward('info'),
    debug: this.forward('debug'),
  };

  use(log: Logger): void {
    this.current = log;
  }

  private forward(level: keyof Logger): LogFn {
    return (fields: object | string, message?: string) => {
      if (typeof fields === 'string') this.current[level](fields);
      else this.current[level](fields, message);
    };
  }
}

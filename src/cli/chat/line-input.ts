// Lines typed (or piped) into the chat, read one at a time in order; nothing typed ahead is lost while the bot works.
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export class LineInput {
  private readonly queue: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private closed = false;
  private readonly rl: readline.Interface;
  /** On a terminal the prompt is shown and typing is echoed; piped input is read silently. */
  readonly interactive: boolean;

  constructor(input: Readable & { isTTY?: boolean }, private readonly output: Writable) {
    this.interactive = input.isTTY === true;
    this.rl = readline.createInterface({ input, output: this.interactive ? output : undefined, terminal: this.interactive });
    this.rl.on('line', (line) => {
      if (this.waiting !== null) {
        const resolve = this.waiting;
        this.waiting = null;
        resolve(line);
      } else {
        this.queue.push(line);
      }
    });
    this.rl.on('close', () => {
      this.closed = true;
      this.waiting?.(null);
      this.waiting = null;
    });
  }

  /** The next line the person types at the conversation's prompt; null once input has ended. */
  next(prompt: string): Promise<string | null> {
    if (this.interactive) {
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    }
    return this.read();
  }

  /** Asks a question (a form field); piped input still gets the question in the transcript, on its own line. */
  ask(question: string): Promise<string | null> {
    if (this.interactive) {
      this.rl.setPrompt(question);
      this.rl.prompt();
    } else {
      this.output.write(`${question.trimEnd()}\n`);
    }
    return this.read();
  }

  private read(): Promise<string | null> {
    const queued = this.queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  close(): void {
    this.rl.close();
  }
}

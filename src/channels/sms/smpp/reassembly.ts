// Concatenated inbound texts put back together; every part's deliver_sm_resp waits for the whole message to be stored.
import type { ConcatInfo } from '../encoding/udh.js';

interface Group<T> {
  context: T;
  parts: (string | null)[];
  /** The answers owed to the SMSC, one per part received (a part sent twice is answered twice). */
  answers: ((status: number) => void)[];
  timer: NodeJS.Timeout;
}

/** Shown where a part never came. */
export const MISSING_PART = '[…]';

export class Reassembly<T> {
  private readonly groups = new Map<string, Group<T>>();

  /**
   * `complete` stores the joined text and gives the command_status for every part: parts are
   * acknowledged only once the message is durable, so a crash makes the SMSC send them again.
   */
  constructor(private readonly timeoutMs: number, private readonly complete: (context: T, text: string) => Promise<number>) {}

  /** `key` names the sender and the recipient, `context` what `complete` needs; the promise is this part's command_status. */
  add(key: string, concat: ConcatInfo, text: string, context: T): Promise<number> {
    const id = `${key}|${concat.reference}|${concat.total}`;
    let group = this.groups.get(id);
    if (group === undefined) {
      const created: Group<T> = {
        context,
        parts: new Array<string | null>(concat.total).fill(null), answers: [],
        // Parts that never come do not hold the others forever: what arrived is kept, gaps marked.
        timer: setTimeout(() => this.finish(id, created), this.timeoutMs),
      };
      created.timer.unref();
      this.groups.set(id, created);
      group = created;
    }
    group.parts[concat.sequence - 1] = text;
    const answer = new Promise<number>((resolve) => group.answers.push(resolve));
    if (group.parts.every((p) => p !== null)) this.finish(id, group);
    return answer;
  }

  private finish(id: string, group: Group<T>): void {
    if (this.groups.get(id) !== group) return;
    this.groups.delete(id);
    clearTimeout(group.timer);
    const text = group.parts.map((p) => p ?? MISSING_PART).join('');
    this.complete(group.context, text).then(
      (status) => { for (const a of group.answers) a(status); },
      () => { for (const a of group.answers) a(0x64 /* ESME_RX_T_APPN: the SMSC sends the parts again */); },
    );
  }

  /** Groups still waiting (shutdown answers them as a temporary error so the SMSC keeps the parts). */
  abandon(): void {
    for (const [id, group] of this.groups) {
      this.groups.delete(id);
      clearTimeout(group.timer);
      for (const a of group.answers) a(0x64);
    }
  }
}

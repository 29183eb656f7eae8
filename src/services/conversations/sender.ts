// Who wrote an agent's reply or note, kept in the message itself: the visitor's widget shows "Ana (agent)" from it.

/** The member behind a person's message, as they were named when they wrote it. */
export interface Sender {
  memberId: number;
  name: string;
  role: 'agent';
}

/** The sender a stored message's content names; null for the bot's messages and a script's replies. */
export function senderOf(content: string): Sender | null {
  if (!content.includes('"sender"')) return null;
  try {
    const sender = (JSON.parse(content) as { sender?: unknown }).sender as Partial<Sender> | undefined;
    return typeof sender?.name === 'string' && typeof sender.memberId === 'number' ? { memberId: sender.memberId, name: sender.name, role: 'agent' } : null;
  } catch {
    return null;
  }
}

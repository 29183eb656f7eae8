// A conversation's durable state between events: where its chain stands, what it waits for, its dialogs and settings.

/** One level of the chain being run: an interaction from action `next`, or just one action of it. */
export interface Frame {
  /** Index of the interaction in the program. */
  interaction: number;
  /** The next action to run. */
  next: number;
  /** Run only the action at `next` (an action named by execute or goto), then return. */
  only: boolean;
  /** Whether the interaction's entry (validation, context) has been done. */
  entered: boolean;
  /** Set on a marker left under an execute's targets: once they are done, the execute action's validation runs. */
  validate?: true;
}

/** A button or quick reply of the last message that offered some, so a click, its title or its number selects it. */
export interface Choice {
  title: string | null;
  payload: string | null;
  execute: string | null;
}

export type Suspension =
  /** A waitFor: the answer goes to the action's `content`. */
  | { kind: 'wait'; token: string; interaction: number; action: number; deadline: string }
  /** A data-capture form: submitted at once (web chat), or asked field by field (`field` is the next one). */
  | { kind: 'form'; token: string; interaction: number; action: number; field: number | null; values: Record<string, string> }
  /** A delay or pause: the chain resumes at `until`; messages meanwhile wait their turn. */
  | { kind: 'hold'; token: string; until: string; executeOnTimeout: string[] };

export interface DialogFrame {
  name: string | null;
  /** sys:context before the dialog started, restored when it ends. */
  previousContext: string | null;
  executeOnCancel: string[];
  executeOnBreakOut: string[];
  /** The chain as it stood right after startDialog, for sys:startOver. */
  restart: Frame[];
  /** sys:context while the dialog runs (its own, or the one it started in); sys:startOver sets it again. */
  context?: string | null;
  /** The bot revision the dialog started on (absent in states stored before it was recorded). */
  revision?: number | null;
}

/** A form shown in `message` mode: the chain went on, and the form may still be sent later. */
export interface OpenForm {
  token: string;
  interaction: number;
  action: number;
  /** The bot revision the form was shown on (absent in states stored before it was recorded). */
  revision?: number | null;
}

export interface ConversationState {
  version: 1;
  /** The bot revision whose indexes `frames` and `suspended` refer to. */
  revision: number | null;
  /** sys:context. */
  context: string | null;
  frames: Frame[];
  suspended: Suspension | null;
  dialogs: DialogFrame[];
  /** The buttons and quick replies of the last message that offered some: a title or number selects one. */
  choices: Choice[];
  /** Recent postback choices of every message: a click on an older message's button still finds its target. */
  postbacks?: Choice[];
  /** sys:text and sys:payload of the last message, so a chain resumed by a timer still sees the message it answers. */
  lastText?: string | null;
  lastPayload?: string | null;
  openForms: OpenForm[];
  /** Whether the conversation has had its first event (sys:start runs on the first message). */
  started: boolean;
  /** updateSettings bot.enabled: false hands the conversation to people; the bot stays silent. */
  botEnabled: boolean;
  priority: 'normal' | 'high';
  /**
   * Kept by the host, not the engine: the interaction the conversation last entered, the UTC day it did and whether it
   * finished it, so its analytics can move the conversation's drop-off from that interaction to the next one (services/analytics).
   */
  lastEntered?: { interaction: string; day: string; finished: boolean };
}

export function initialState(): ConversationState {
  return {
    version: 1, revision: null, context: null, frames: [], suspended: null, dialogs: [], choices: [], openForms: [],
    started: false, botEnabled: true, priority: 'normal',
  };
}

/** Whether the conversation is in the middle of something (a chain to resume). */
export function isBusy(state: ConversationState): boolean {
  return state.suspended !== null || state.frames.length > 0;
}

// Runs one action's step: the dispatch from step kind to the file that implements it.
import type { ActionStep } from '../definition/model.js';
import { answer } from './answer.js';
import { assignTags } from './assign-tags.js';
import { classify } from './classify.js';
import { startDataCapture } from './data-capture.js';
import { finishDialog, startDialog } from './dialog.js';
import { hold } from './hold.js';
import { send } from './send.js';
import { subscribe } from './subscribe.js';
import { updateSettings } from './update-settings.js';
import { startWait } from './wait-for.js';
import type { StepContext, StepOutcome } from './step.js';

export async function runStep(step: ActionStep, ctx: StepContext): Promise<StepOutcome> {
  switch (step.kind) {
    case 'send':
      return send(step.send, ctx);
    case 'dataCapture':
      return startDataCapture(step.dataCapture, ctx);
    case 'waitFor':
      return startWait(step.waitFor, ctx);
    case 'delay':
      // A delay's length is seconds + milliseconds; `timeout` stands in when those are absent.
      return hold(step.delay.milliseconds > 0 ? step.delay.milliseconds : step.delay.timeoutMs ?? 0, step.delay.executeOnTimeout, ctx);
    case 'pause':
      return hold(step.milliseconds, [], ctx);
    case 'startDialog':
      return startDialog(step.dialog, ctx);
    case 'finishDialog':
      return finishDialog(ctx);
    case 'assignTags':
      return assignTags(step.tags, ctx);
    case 'subscribe':
      return subscribe(step.subscribe, ctx);
    case 'execute':
      return ctx.chain.executeAction(step.targets, ctx.interaction, ctx.index, ctx.action.pointer);
    case 'goto':
      ctx.chain.goto([step.target], ctx.action.pointer);
      return 'jumped';
    case 'updateSettings':
      return updateSettings(step.settings, ctx);
    case 'answer':
      return answer(step.answer, ctx);
    case 'classify':
      return classify(step.classify, ctx);
  }
}

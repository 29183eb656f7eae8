// startDialog / finishDialog: a dialog marks a stretch of the chain that sys:cancel, sys:startOver and sys:breakOut act on.
import type { StartDialogModel } from '../definition/model.js';
import type { StepContext, StepOutcome } from './step.js';

export function startDialog(dialog: StartDialogModel, { run }: StepContext): StepOutcome {
  run.state.dialogs.push({
    name: dialog.name,
    previousContext: run.state.context,
    executeOnCancel: dialog.executeOnCancel,
    executeOnBreakOut: dialog.executeOnBreakOut,
    // The chain as it stands now (already past startDialog) is where sys:startOver restarts.
    restart: structuredClone(run.state.frames),
    context: dialog.context ?? run.state.context,
    revision: run.state.revision,
  });
  if (dialog.context !== null) run.state.context = dialog.context;
  return 'next';
}

export function finishDialog({ run }: StepContext): StepOutcome {
  const dialog = run.state.dialogs.pop();
  if (dialog !== undefined) run.state.context = dialog.previousContext;
  return 'next';
}

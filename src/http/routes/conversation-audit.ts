// What a change to a conversation did, as the audit log names it ("took over", "resolved"), from the fields it set.

/** The actions of one PATCH, in the order the log says them, joined by commas ("take-over,assign-self"). */
export function auditActionOfChange(body: { botEnabled?: boolean; priority?: string; status?: string; assigneeId?: number | null }, memberId: number | null): string {
  const actions: string[] = [];
  if (body.botEnabled === false) actions.push('take-over');
  if (body.botEnabled === true) actions.push('hand-back');
  if (body.assigneeId === null) actions.push('unassign');
  else if (body.assigneeId !== undefined) actions.push(body.assigneeId === memberId ? 'assign-self' : 'assign');
  if (body.status === 'resolved') actions.push('resolve');
  if (body.status === 'open') actions.push('reopen');
  if (body.status === 'pending') actions.push('mark-pending');
  if (body.priority !== undefined) actions.push('set-priority');
  return actions.length === 0 ? 'update' : actions.join(',');
}

// A voice channel's skill: its `user` is the skill id, which every request's applicationId must name.
import { BadRequestError, ForbiddenError } from '../../errors.js';
import type { ChannelRecord } from '../types.js';
import type { SkillRequest } from './skill-request.js';

/**
 * The platform asks skills to check the application id, so one skill's (signed) requests cannot be
 * replayed at another's endpoint. A channel without a skill id cannot make that check: its requests
 * are refused (403) until `user` is set.
 */
export function checkSkillId(channel: ChannelRecord, body: SkillRequest): void {
  const skillId = (channel.user ?? '').trim();
  if (skillId === '') throw new ForbiddenError(`Voice channel ${channel.id} has no skill id to check requests against: set its user to the skill's id (amzn1.ask.skill.…).`);
  const named = [body.context.System.application.applicationId, body.session?.application?.applicationId].filter((id): id is string => id !== undefined);
  if (named.some((id) => id !== skillId)) throw new BadRequestError(`The request is for another skill than voice channel ${channel.id}'s.`);
}

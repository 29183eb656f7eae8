// The two definition schemas assembled from their parts: plain data (no Ajv), so the console's code editor completes from them too.
import { actionDefs } from './action-defs.js';
import { attributeDefs } from './attribute-defs.js';
import { botFormatDefs } from './bot-format.js';
import { conditionDefs } from './condition-defs.js';
import { experienceFormatDefs } from './experience-format.js';
import { messageDefs } from './message-defs.js';

const sharedDefs = { ...messageDefs, ...actionDefs, ...attributeDefs, ...conditionDefs };

export const DEFINITION_SCHEMAS = {
  bot: { $id: 'parley:bot-definition', $ref: '#/$defs/BotDefinition', $defs: { ...sharedDefs, ...botFormatDefs } },
  experience: { $id: 'parley:experience-definition', $ref: '#/$defs/ExperienceDefinition', $defs: { ...sharedDefs, ...experienceFormatDefs } },
} as const;

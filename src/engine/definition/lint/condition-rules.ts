// Rules on conditions: a comparison names its attribute and says what to check; regexes compile; channels exist.
import { COMPARATOR_FIELDS } from '../../language/condition-model.js';
import { userRegexError } from '../../language/user-regex.js';
import { stringAt, stringListWithPointers } from '../json-read.js';
import { CHANNEL_TYPE_NAMES, isChannelTypeName } from '../../../channel-types.js';
import { pointerJoin, type ProblemList } from '../problem.js';
import { checkAttributeReference } from './attribute-names.js';
import type { LintVisitor } from './walk.js';

const OPERATOR_KEYS = ['and', 'or', 'not'];

export function conditionRules(problems: ProblemList): LintVisitor {
  return {
    condition(node, pointer) {
      if (OPERATOR_KEYS.some((key) => Object.hasOwn(node, key))) return;
      const checks = COMPARATOR_FIELDS.filter((key) => Object.hasOwn(node, key));
      const attribute = stringAt(node, 'attribute');
      if (attribute === undefined && checks.length > 0) {
        problems.add(pointer, `A condition with ${checks.map((c) => `"${c}"`).join(', ')} needs "attribute" to say what is compared.`);
      }
      if (attribute !== undefined) {
        if (checks.length === 0) problems.add(pointer, `A condition on "${attribute}" needs a check such as "equals", "exists" or "greaterThan".`);
        checkAttributeReference(attribute, pointerJoin(pointer, 'attribute'), problems);
      }
      if (Object.hasOwn(node, 'ignoreCase') && attribute === undefined) {
        problems.add(pointerJoin(pointer, 'ignoreCase'), '"ignoreCase" applies to attribute comparisons only.');
      }
      const pattern = stringAt(node, 'matches');
      if (pattern !== undefined && !pattern.includes('{')) {
        const error = userRegexError(pattern);
        if (error !== null) problems.add(pointerJoin(pointer, 'matches'), `"${pattern}" is not a valid RE2 regular expression: ${error}.`);
      }
      for (const item of stringListWithPointers(node.channelTypes, pointerJoin(pointer, 'channelTypes'))) {
        if (!isChannelTypeName(item.value.toLowerCase())) {
          problems.add(item.pointer, `"${item.value}" is not a channel type; known types are ${CHANNEL_TYPE_NAMES.join(', ')}.`);
        }
      }
      for (const item of stringListWithPointers(node.channelIds, pointerJoin(pointer, 'channelIds'))) {
        if (!/^\d+$/.test(item.value.trim())) problems.add(item.pointer, `"${item.value}" is not a channel id (a whole number).`);
      }
    },
  };
}

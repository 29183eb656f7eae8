// Where each stored scope's attributes live for one conversation: human per conversation, bot per bot, user per account, shared per link group.
import type { AttributeOwner, StoredScopeName } from '../../store/index.js';

export interface OwnerIds {
  conversationId: number;
  botId: number;
  accountId: number;
  /** The human's link group, or the human's own id when not linked. */
  sharedId: number;
}

export function ownerOf(scope: StoredScopeName, ids: OwnerIds): AttributeOwner {
  switch (scope) {
    case 'human':
      return { scope, ownerId: ids.conversationId };
    case 'bot':
      return { scope, ownerId: ids.botId };
    case 'user':
      return { scope, ownerId: ids.accountId };
    case 'shared':
      return { scope, ownerId: ids.sharedId };
  }
}

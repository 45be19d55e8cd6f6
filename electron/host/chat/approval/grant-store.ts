import { randomUUID } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ToolGrant } from '../../../../shared/chat/settings-types.ts';

interface GrantRow {
  id: string;
  server: string;
  tool: string;
  scope: string;
  conversation_id: string | null;
  definition_hash: string;
  created_at: number;
}

/** Standing approvals for tools ("allow for this conversation", "always allow"), in the `tool_grants` table. */
export class GrantStore {
  private readonly statements: Record<string, StatementSync>;
  private readonly now: () => number;

  constructor(db: DatabaseSync, now: () => number = Date.now) {
    this.now = now;
    this.statements = {
      list: db.prepare('SELECT * FROM tool_grants ORDER BY created_at DESC, rowid DESC'),
      forTool: db.prepare('SELECT * FROM tool_grants WHERE server = ? AND tool = ?'),
      insert: db.prepare(
        'INSERT INTO tool_grants (id, server, tool, scope, conversation_id, definition_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      replaced: db.prepare(
        "DELETE FROM tool_grants WHERE server = ? AND tool = ? AND scope = ? AND IFNULL(conversation_id, '') = ?",
      ),
      revoke: db.prepare('DELETE FROM tool_grants WHERE id = ?'),
      rehash: db.prepare('UPDATE tool_grants SET definition_hash = ? WHERE server = ? AND tool = ?'),
    };
  }

  list(): ToolGrant[] {
    return (this.statements.list.all() as unknown as GrantRow[]).map(toGrant);
  }

  /** The grant that covers this call, if any: same tool, same definition, and for its conversation or always. */
  find(server: string, tool: string, definitionHash: string, conversationId: string): ToolGrant | undefined {
    const rows = (this.statements.forTool.all(server, tool) as unknown as GrantRow[]).map(toGrant);
    return rows.find(
      (grant) =>
        grant.definitionHash === definitionHash &&
        (grant.scope === 'always' || grant.conversationId === conversationId),
    );
  }

  /** One grant per tool and scope: granting again replaces the old one (and its older definition hash). */
  grant(input: Omit<ToolGrant, 'id' | 'createdAt'>): ToolGrant {
    const conversationId = input.scope === 'conversation' ? input.conversationId : undefined;
    if (input.scope === 'conversation' && !conversationId) throw new Error('a conversation grant needs its conversation');
    const grant: ToolGrant = {
      id: randomUUID(),
      server: input.server,
      tool: input.tool,
      scope: input.scope,
      definitionHash: input.definitionHash,
      createdAt: this.now(),
    };
    if (conversationId) grant.conversationId = conversationId;
    this.statements.replaced.run(grant.server, grant.tool, grant.scope, conversationId ?? '');
    this.statements.insert.run(
      grant.id,
      grant.server,
      grant.tool,
      grant.scope,
      conversationId ?? null,
      grant.definitionHash,
      grant.createdAt,
    );
    return grant;
  }

  /** After the person approved a changed definition: the tool's grants cover the new one. */
  rehash(server: string, tool: string, definitionHash: string): void {
    this.statements.rehash.run(definitionHash, server, tool);
  }

  revoke(id: string): boolean {
    return Number(this.statements.revoke.run(id).changes) > 0;
  }
}

function toGrant(row: GrantRow): ToolGrant {
  const grant: ToolGrant = {
    id: row.id,
    server: row.server,
    tool: row.tool,
    scope: row.scope === 'conversation' ? 'conversation' : 'always',
    definitionHash: row.definition_hash,
    createdAt: row.created_at,
  };
  if (row.conversation_id) grant.conversationId = row.conversation_id;
  return grant;
}

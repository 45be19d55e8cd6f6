import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Tool } from '@modelcontextprotocol/client';
import { pinnedDefinition } from '../../../../shared/chat/tool-definition.ts';
import type { PinnedDefinition } from '../../../../shared/chat/tool-definition.ts';
import { toolDefinitionHash } from './definition-hash.ts';

export interface ToolPin {
  server: string;
  tool: string;
  /** Undefined only if the stored text could not be read back; the hash still decides. */
  definition?: PinnedDefinition;
  definitionHash: string;
  approvedAt: number;
}

interface PinRow {
  server: string;
  tool: string;
  definition: string;
  definition_hash: string;
  approved_at: number;
}

/**
 * The definition each tool had when a person last approved it (once, for a conversation or always), in the
 * `tool_pins` table. Per server: two servers' tools of one name are pinned apart.
 */
export class PinStore {
  private readonly statements: Record<string, StatementSync>;
  private readonly now: () => number;

  constructor(db: DatabaseSync, now: () => number = Date.now) {
    this.now = now;
    this.statements = {
      get: db.prepare('SELECT * FROM tool_pins WHERE server = ? AND tool = ?'),
      // Approving the same definition again keeps the first approval's time.
      upsert: db.prepare(
        `INSERT INTO tool_pins (server, tool, definition, definition_hash, approved_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (server, tool) DO UPDATE SET definition = excluded.definition, definition_hash = excluded.definition_hash,
           approved_at = excluded.approved_at WHERE definition_hash != excluded.definition_hash`,
      ),
    };
  }

  get(server: string, tool: string): ToolPin | undefined {
    const row = this.statements.get.get(server, tool) as unknown as PinRow | undefined;
    if (!row) return undefined;
    const pin: ToolPin = { server: row.server, tool: row.tool, definitionHash: row.definition_hash, approvedAt: row.approved_at };
    try {
      pin.definition = JSON.parse(row.definition) as PinnedDefinition;
    } catch {
      // Leave it out: the review then shows no "before" side, and the hash still holds the tool back.
    }
    return pin;
  }

  /** Pins what the person approved; returns its hash. */
  pin(server: string, tool: Tool | PinnedDefinition): string {
    const definition = pinnedDefinition(tool);
    const hash = toolDefinitionHash(definition);
    this.statements.upsert.run(server, definition.name, JSON.stringify(definition), hash, this.now());
    return hash;
  }

  /** Whether this definition differs from the approved one; a tool never approved is not held. */
  differs(server: string, tool: Tool): boolean {
    const pin = this.statements.get.get(server, tool.name) as unknown as PinRow | undefined;
    return pin !== undefined && pin.definition_hash !== toolDefinitionHash(tool);
  }
}

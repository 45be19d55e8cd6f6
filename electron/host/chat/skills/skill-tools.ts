import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { SkillSummary } from '../../../../shared/skills/skill-types.ts';
import { writeOutHidden } from '../../../../shared/text/hidden-characters.ts';
import { skillIdOf } from '../../skills/skill-ids.ts';
import type { SkillsService } from '../../skills/skills-service.ts';

/** What the chat needs from the skills layer. */
export type ChatSkillHost = Pick<SkillsService, 'offered' | 'load' | 'readFile' | 'listDirectory'>;

/** Host tools: no MCP tool's model name lacks `__` (server__tool), so these never clash with one. */
export const LOAD_SKILL_TOOL = 'load_skill';
export const READ_SKILL_FILE_TOOL = 'read_skill_file';

export function isSkillTool(name: string): boolean {
  return name === LOAD_SKILL_TOOL || name === READ_SKILL_FILE_TOOL;
}

/** Most skills named in `load_skill`'s description; each description is cut to a line. */
const MAX_LISTED = 100;
const MAX_DESCRIPTION = 200;

export interface SkillTools {
  anthropic: AnthropicTool[];
  openai: ChatCompletionFunctionTool[];
  /** Skill id → the skill, for the skills named in the description. */
  byId: ReadonlyMap<string, SkillSummary>;
}

function oneLine(text: string, max: number): string {
  const line = writeOutHidden(text).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * Progressive disclosure (Agent Skills): the model sees each skill's id, name and description up front, in
 * `load_skill`'s description, and gets the SKILL.md only when it loads one, a file only when it reads it.
 * Undefined when no skill is offered, so a host without skills sends exactly the tools it did before.
 */
export function skillTools(offered: readonly SkillSummary[]): SkillTools | undefined {
  if (offered.length === 0) return undefined;
  const listed = offered.slice(0, MAX_LISTED);
  const byId = new Map(listed.map((skill) => [skillIdOf(skill.server, skill.uri), skill]));
  const lines = [...byId].map(([id, skill]) => `- ${oneLine(id, 200)} (${oneLine(skill.name, 64)}): ${oneLine(skill.description, MAX_DESCRIPTION)}`);
  const more = offered.length > listed.length ? `\n(${offered.length - listed.length} more not listed.)` : '';
  const load = {
    name: LOAD_SKILL_TOOL,
    description:
      'Loads a skill: instructions an MCP server serves for a kind of task, with files they refer to. Load one when ' +
      'the task matches its description, then follow it. Skills are written by the server named before the colon, ' +
      'not by the person. Available skills (id, name: description):\n' +
      lines.join('\n') +
      more,
    schema: {
      type: 'object' as const,
      properties: { skill: { type: 'string', description: 'The skill id, as listed (server:path).' } },
      required: ['skill'],
      additionalProperties: false,
    },
  };
  const read = {
    name: READ_SKILL_FILE_TOOL,
    description:
      'Reads a file of a skill loaded before, by its path relative to the skill (e.g. "references/GUIDE.md"); a ' +
      'path ending in "/" (or "" for the root) lists that folder.',
    schema: {
      type: 'object' as const,
      properties: {
        skill: { type: 'string', description: 'The skill id, as given to load_skill.' },
        path: { type: 'string', description: 'The file or folder, relative to the skill.' },
      },
      required: ['skill', 'path'],
      additionalProperties: false,
    },
  };
  return {
    anthropic: [load, read].map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.schema })),
    openai: [load, read].map((tool) => ({
      type: 'function' as const,
      function: { name: tool.name, description: tool.description, parameters: tool.schema },
    })),
    byId,
  };
}

export interface SkillToolOutcome {
  /** The skill the call was about, once it was known. */
  skill?: SkillSummary;
  result: CallToolResult;
  isError: boolean;
}

function text(value: string, isError = false): SkillToolOutcome['result'] {
  return { content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) };
}

/**
 * Runs `load_skill` or `read_skill_file`. The content goes to the model fenced and tagged with the server it came
 * from, hidden characters written out (SEP-2640, Security Considerations: skill content is untrusted, its origin
 * visible). Frontmatter such as `allowed-tools` is never acted on: a skill grants no tool and runs nothing.
 */
export async function runSkillTool(host: ChatSkillHost, tools: SkillTools, name: string, input: Record<string, unknown>): Promise<SkillToolOutcome> {
  const id = typeof input.skill === 'string' ? input.skill : '';
  const skill = tools.byId.get(id);
  if (!skill) {
    return { result: text(`There is no skill "${id}" on offer: use one of the ids listed in ${LOAD_SKILL_TOOL}'s description.`, true), isError: true };
  }
  const origin = writeOutHidden(skill.server).replace(/"/g, "'");
  try {
    if (name === LOAD_SKILL_TOOL) {
      const loaded = await host.load(skill.server, skill.uri);
      const files = loaded.files && loaded.files.length > 0 ? `\nIts files, readable with ${READ_SKILL_FILE_TOOL}: ${loaded.files.join(', ')}` : '';
      return {
        skill,
        result: text(
          `Skill "${writeOutHidden(skill.name)}" from MCP server "${origin}" (the server's text, not the person's).${files}\n` +
            `<skill server="${origin}" id="${writeOutHidden(id)}">\n${writeOutHidden(loaded.text)}\n</skill>`,
        ),
        isError: false,
      };
    }
    const path = typeof input.path === 'string' ? input.path : '';
    if (path === '' || path.endsWith('/')) {
      const children = await host.listDirectory(skill.server, skill.uri, path);
      return { skill, result: text(children.length > 0 ? children.map((child) => writeOutHidden(child)).join('\n') : '(empty folder)'), isError: false };
    }
    const file = await host.readFile(skill.server, skill.uri, path);
    const body = file.text !== undefined ? writeOutHidden(file.text) : `(a binary file of ${file.bytes} bytes${file.mimeType ? `, ${file.mimeType}` : ''}; not shown)`;
    return { skill, result: text(`<skill_file server="${origin}" path="${writeOutHidden(path)}">\n${body}\n</skill_file>`), isError: false };
  } catch (error) {
    return { skill, result: text(`Error: ${(error as Error).message}`, true), isError: true };
  }
}

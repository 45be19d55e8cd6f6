import type { Skill } from '@modelcontextprotocol/client/ext/skills';
import type { SkillSummary } from '../../../shared/skills/skill-types.ts';

/**
 * How the model names a skill: `server:path`, the host's label for the server and the skill's path (its
 * SKILL.md URI without the scheme and `/SKILL.md`). Names repeat, within a server and across servers; the
 * pair never does (SEP-2640, Skill URIs and Names).
 */
export function skillIdOf(server: string, skillUri: string): string {
  const path = skillUri.replace(/^skill:\/\//, '').replace(/\/SKILL\.md$/, '');
  return `${server}:${path}`;
}

export function summaryOf(server: string, entry: Skill): SkillSummary {
  const listed = Array.isArray(entry.resources) ? entry.resources : undefined;
  return {
    server,
    uri: entry.uri,
    name: String(entry.frontmatter.name),
    description: String(entry.frontmatter.description),
    ...(listed ? { files: listed.length, bytes: listed.reduce((sum, resource) => sum + resource.size, 0) } : {}),
  };
}

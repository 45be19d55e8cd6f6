import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import { CliError } from './cli-error.ts';
import { oneLine } from './terminal-text.ts';

/** More pages than any real server has: a server that keeps handing out cursors must not loop us forever. */
const MAX_PAGES = 100;
/** A listing is a quick answer; a server too busy to give one does not hold up the report of what happened. */
const LIST_TIMEOUT_MS = 10_000;

/**
 * `switchboard call` lists nothing before it calls (a person who names the tool has no use for the list, and the
 * listing is most of a one-shot call's work on both sides). The tools are listed only when the answer needs them:
 * to say which tools exist when the call failed, and to check structured content against the tool's output schema.
 */
export async function listedTools(client: Client | undefined): Promise<Tool[] | undefined> {
  if (!client?.getServerCapabilities()?.tools) return undefined;
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: LIST_TIMEOUT_MS });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}

/** When the call failed or the tool reported an error: a tool the server does not have is said so, with those it has. */
export async function refuseUnknownTool(client: Client | undefined, server: string, tool: string): Promise<void> {
  const tools = await listedTools(client).catch(() => undefined);
  if (!tools || tools.some((candidate) => candidate.name === tool)) return;
  const names = tools.map((candidate) => oneLine(candidate.name));
  throw new CliError(`server "${server}" has no tool named "${oneLine(tool)}"; its tools: ${names.length > 0 ? names.join(', ') : '(none)'}`);
}

/**
 * Structured content must match the tool's `outputSchema` (Server Features → Tools → Output Schema: clients
 * SHOULD validate); the SDK checks it only against a listing it holds, and this call has none, so it is done here.
 */
export async function checkStructuredContent(client: Client | undefined, server: string, tool: string, result: CallToolResult): Promise<void> {
  if (result.isError || result.structuredContent === undefined) return;
  const definition = (await listedTools(client))?.find((candidate) => candidate.name === tool);
  if (!definition?.outputSchema) return;
  const { AjvJsonSchemaValidator } = await import('@modelcontextprotocol/client/validators/ajv');
  const verdict = new AjvJsonSchemaValidator().getValidator(definition.outputSchema)(result.structuredContent);
  if (!verdict.valid) {
    throw new CliError(`server "${server}" answered tool "${oneLine(tool)}" with structured content that does not match its output schema: ${oneLine(verdict.errorMessage)}`);
  }
}

/**
 * The client under test for the official MCP conformance suite: Switchboard's own connection layer.
 * The suite runs `node switchboard-client.ts <server-url>` with MCP_CONFORMANCE_SCENARIO set; this writes an
 * mcp.json naming that URL, lets the host's ServerManager connect to it as it would to any configured server,
 * and then does what the scenario asks for through the manager (call tools, read resources, get prompts).
 *
 * Auth scenarios go through the host's own OAuth path: a server that answers 401 leaves the manager in
 * `needs-auth`, and the client signs in as a person would, through `signIn`: the open-url question is answered
 * "open", and the "browser" loads the authorization URL, reads the redirect the suite's authorization server
 * answers with (it approves at once), and loads that, which is Switchboard's loopback callback.
 *
 * Each run pins the server's entry to the run's revision (MCP_CONFORMANCE_PROTOCOL_VERSION, `protocolVersion` in
 * mcp.json), so the app speaks the wire the scenario is run on.
 *
 * Questions a server asks (elicitation, in 2025 requests and 2026 MRTR rounds) go through the host's own
 * handlers and consent broker; the stand-in person accepts each form as it is shown, pre-filled with the
 * schema's defaults (SEP-1034), and agrees to open URLs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HostError } from '../../shared/api/host-error.ts';
import { ConsentBroker } from '../../electron/host/consent/consent-broker.ts';
import { HUMAN_CAPABILITIES, HumanService } from '../../electron/host/human/human-service.ts';
import { HostEventBus } from '../../electron/host/event-bus.ts';
import { ServerOAuth } from '../../electron/host/servers/oauth/server-oauth.ts';
import { ServerManager } from '../../electron/host/servers/server-manager.ts';
import { SettingsStore, openDatabase } from '../../electron/host/store/database.ts';
import { ClientMetadataSetting } from '../../electron/host/servers/oauth/client-metadata-setting.ts';
import { SecretStore } from '../../electron/host/store/secrets.ts';
import { SkillsService } from '../../electron/host/skills/skills-service.ts';
import { LOAD_SKILL_TOOL, runSkillTool, skillTools } from '../../electron/host/chat/skills/skill-tools.ts';
import { skillIdOf } from '../../electron/host/skills/skill-ids.ts';
import type { ConsentRequest } from '../../shared/consent/consent-types.ts';
import type { ServerCatalog } from '../../shared/servers/server-state.ts';
import { PROTOCOL_REVISIONS } from '../../shared/servers/protocol-revision.ts';

const serverName = 'conformance';
/** Sign-ins per scenario: a server that keeps asking for more (auth/scope-retry-limit) must not loop the client. */
const maxSignIns = 3;

interface ScenarioContext {
  manager: ServerManager;
  /** The host's skills layer, as host.ts builds it: it lists the skills of a server declaring the extension once connected. */
  skills: SkillsService;
  signIns: number;
  catalog: ServerCatalog;
  /** Scenario data the suite passes in MCP_CONFORMANCE_CONTEXT (JSON), when it has any. */
  context: Record<string, unknown>;
}

function toolNamed(catalog: ServerCatalog, name: string) {
  const tool = catalog.tools.find((entry) => entry.name === name);
  if (!tool) throw new Error(`the server lists no tool "${name}" (it has: ${catalog.tools.map((entry) => entry.name).join(', ')})`);
  return tool;
}

async function call(ctx: ScenarioContext, tool: string, args: Record<string, unknown> = {}): Promise<void> {
  for (;;) {
    try {
      const outcome = await ctx.manager.callTool(serverName, tool, args, { timeoutMs: 20_000 });
      console.error(`${tool}: ${JSON.stringify(outcome.result).slice(0, 500)}`);
      return;
    } catch (error) {
      // A later 401/403 (expired, revoked, step-up) leaves the server waiting for a sign-in; sign in and call again.
      if (!(error instanceof HostError && error.code === 'unauthorized')) throw error;
      await signIn(ctx);
    }
  }
}

async function signIn(ctx: ScenarioContext): Promise<void> {
  if (ctx.signIns >= maxSignIns) throw new Error(`the server still wants a sign-in after ${maxSignIns} of them`);
  ctx.signIns++;
  const state = await ctx.manager.signIn(serverName);
  console.error(`signed in: ${state.status}${state.reason ? ` (${state.reason})` : ''}`);
  if (state.status === 'needs-auth') await signIn(ctx);
  else if (state.status !== 'connected') throw new Error(`server is ${state.status} after signing in: ${state.reason ?? 'no reason given'}`);
}

/** Plays the browser: the suite's authorization endpoint approves at once with a redirect to the loopback callback. */
async function browse(authorizationUrl: string): Promise<void> {
  const authorization = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = authorization.headers.get('location');
  if (!location) throw new Error(`the authorization endpoint answered HTTP ${authorization.status} without a redirect`);
  await fetch(location);
}

/** What the stand-in person says to each kind of question; undefined leaves it open. */
function personAnswers(request: ConsentRequest): unknown {
  switch (request.kind) {
    case 'open-url':
      return { decision: 'open' };
    case 'elicitation-url':
      return { action: 'accept' };
    case 'elicitation-form':
      return {
        action: 'accept',
        content: Object.fromEntries(request.payload.fields.flatMap((field) => (field.default === undefined ? [] : [[field.name, field.default]]))),
      };
    default:
      return undefined;
  }
}

function personBroker(): ConsentBroker {
  const broker: ConsentBroker = new ConsentBroker({
    events: {
      emit(event, payload) {
        if (event !== 'consent.opened') return;
        const request = payload as ConsentRequest;
        const answer = personAnswers(request);
        if (answer !== undefined) setImmediate(() => broker.answer(request.id, answer));
      },
    },
  });
  return broker;
}

/**
 * The client ID metadata document URL, entered as a person enters theirs in Settings (README → Sign in). The
 * suite's authorization server (auth/basic-cimd) accepts exactly this URL as the client ID.
 */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/**
 * Built with the options the app's host gives it (host.ts): the metadata document URL is read, at each sign-in,
 * from the same Settings value the app's Settings view writes.
 */
function oauthFor(dataDir: string, broker: ConsentBroker, settings: SettingsStore): ServerOAuth {
  const clientMetadata = new ClientMetadataSetting(settings);
  clientMetadata.set(CLIENT_METADATA_URL);
  return new ServerOAuth({
    secrets: new SecretStore(dataDir),
    consent: broker,
    clientMetadataUrl: () => clientMetadata.url(),
    openExternal: async (url) => {
      void browse(url).catch((error: unknown) => console.error(`browser: ${(error as Error).message}`));
    },
  });
}

/** What each scenario expects the client to do after connecting; a scenario not named here only needs the connection and the listing. */
const scenarioSteps: Record<string, (ctx: ScenarioContext) => Promise<void>> = {
  tools_call: (ctx) => call(ctx, 'add_numbers', { a: 5, b: 3 }),
  'sse-retry': (ctx) => call(ctx, 'test_reconnection'),
  'elicitation-sep1034-client-defaults': (ctx) => call(ctx, 'test_client_elicitation_defaults'),
  'sep-2322-client-request-state': async (ctx) => {
    for (const tool of ctx.catalog.tools.filter((entry) => entry.name.startsWith('test_mrtr_'))) await call(ctx, tool.name);
  },
  // The schema the host kept for the tool goes back to the server, which diffs it against what it sent.
  'json-schema-2020-12-preservation': (ctx) =>
    call(ctx, 'json_schema_echo', { schema: toolNamed(ctx.catalog, 'json_schema_2020_12_tool').inputSchema }),
  'http-standard-headers': async (ctx) => {
    for (const tool of ctx.catalog.tools) await call(ctx, tool.name);
    for (const resource of ctx.catalog.resources) await ctx.manager.readResource(serverName, resource.uri);
    for (const prompt of ctx.catalog.prompts) await ctx.manager.getPrompt(serverName, prompt.name);
  },
  'http-custom-headers': async (ctx) => {
    const toolCalls = (ctx.context.toolCalls ?? []) as { name: string; arguments: Record<string, unknown> }[];
    for (const toolCall of toolCalls) await call(ctx, toolCall.name, toolCall.arguments);
  },
  'http-invalid-tool-headers': (ctx) => call(ctx, 'valid_tool', { region: 'us-west1' }),
  // The listing happens on connect; a model shown the skills that does not ask for one makes no read at all.
  'sep-2640-client-no-prefetch': (ctx) => ctx.skills.settled(),
  'sep-2640-client-verify-digest': (ctx) => modelLoadsEverySkill(ctx),
  'sep-2640-client-verify-size': (ctx) => modelLoadsEverySkill(ctx),
  'sep-2640-client-verify-frontmatter': (ctx) => modelLoadsEverySkill(ctx),
};

/**
 * The stand-in model asks for every skill on offer through the chat's own host tool (`load_skill`), the path a
 * real model's call takes: the SKILL.md is read and verified, and a file is read only if that passed.
 */
async function modelLoadsEverySkill(ctx: ScenarioContext): Promise<void> {
  await ctx.skills.settled();
  const offered = ctx.skills.offered();
  const tools = skillTools(offered);
  if (!tools) throw new Error('no skill was offered');
  for (const skill of offered) {
    const outcome = await runSkillTool(ctx.skills, tools, LOAD_SKILL_TOOL, { skill: skillIdOf(skill.server, skill.uri) });
    console.error(`load_skill ${skill.uri}: ${JSON.stringify(outcome.result).slice(0, 300)}`);
  }
}

async function authenticatedToolCall(ctx: ScenarioContext): Promise<void> {
  const tool = ctx.catalog.tools.find((entry) => entry.name === 'test-tool') ?? ctx.catalog.tools[0];
  if (tool) await call(ctx, tool.name);
}

async function main(): Promise<number> {
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO;
  const url = process.argv[2];
  if (!scenario || !url) {
    console.error('usage: MCP_CONFORMANCE_SCENARIO=<scenario> node tests/conformance/switchboard-client.ts <server-url>');
    return 2;
  }
  const context = process.env.MCP_CONFORMANCE_CONTEXT ? (JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) as Record<string, unknown>) : {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-conformance-'));
  const configPath = path.join(dataDir, 'mcp.json');
  // The run's revision, pinned in the entry as a person pins one: the app then speaks exactly that wire
  // (without it, it would offer its newest revision and the suite's 2025 servers would accept it).
  const revision = PROTOCOL_REVISIONS.find((entry) => entry === process.env.MCP_CONFORMANCE_PROTOCOL_VERSION);
  writeFileSync(configPath, JSON.stringify({ mcpServers: { [serverName]: { url, ...(revision ? { protocolVersion: revision } : {}) } } }, null, 2));
  const db = openDatabase(dataDir);
  const settings = new SettingsStore(db);
  const events = new HostEventBus();
  const broker = personBroker();
  const oauth = oauthFor(dataDir, broker, settings);
  const human: HumanService = new HumanService({
    settings,
    broker,
    events,
    servers: () => manager,
    chatSettings: () => {
      throw new Error('no model in the conformance client');
    },
    providers: () => {
      throw new Error('no model in the conformance client');
    },
    askTrust: false,
  });
  // The suite hands over a client registered beforehand, as a person would enter one (servers.setOAuthClient).
  if (scenario === 'auth/pre-registration' && typeof context.client_id === 'string') {
    oauth.setClient(serverName, url, { clientId: context.client_id, clientSecret: typeof context.client_secret === 'string' ? context.client_secret : undefined });
  }
  const manager: ServerManager = new ServerManager({
    configPath,
    events,
    settings,
    clientCapabilities: HUMAN_CAPABILITIES,
    configureClient: (client, name) => human.configureClient(client, name),
    human: human.serverHooks(),
    connectTimeoutMs: 20_000,
    // The suite starts every scenario at once; on a small machine the era probe needs more than the default 3 s.
    probeTimeoutMs: 15_000,
    // One attempt: a scenario that refuses the connection must fail, not be retried until the suite times out.
    restartPolicy: { maxAttempts: 0 },
    oauth,
  });
  const skills = new SkillsService({ events, servers: manager, settings });
  try {
    await manager.start();
    const [state] = await manager.settled(25_000);
    const ctx: ScenarioContext = { manager, skills, signIns: 0, catalog: undefined as unknown as ServerCatalog, context };
    if (state?.status === 'needs-auth') await signIn(ctx);
    else if (state?.status !== 'connected') throw new Error(`server is ${state?.status ?? 'missing'}: ${state?.reason ?? 'no reason given'}`);
    const connected = manager.get(serverName)!;
    console.error(`connected: era ${connected.era}, protocol ${connected.protocolVersion}`);
    ctx.catalog = manager.catalog(serverName);
    const steps = scenarioSteps[scenario] ?? (scenario.startsWith('auth/') ? authenticatedToolCall : undefined);
    await steps?.(ctx);
    return 0;
  } catch (error) {
    console.error(`scenario ${scenario} failed: ${(error as Error).stack ?? String(error)}`);
    return 1;
  } finally {
    skills.close();
    await manager.close();
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();

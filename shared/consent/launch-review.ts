import type { LaunchSummary } from '../servers/server-state.ts';
import { analyzeUrl, isLoopbackHost } from './url-safety.ts';
import type { WarningSeverity } from './url-safety.ts';
import { hasHidden, writeOutHidden } from '../text/hidden-characters.ts';

/**
 * What a person sees before trusting a new server, or one whose launch changed: exactly what will run or
 * be contacted, untruncated, with env and header values left out, and the risky parts called out in plain
 * words. MCP security best practices, § Local MCP Server Compromise (from SEP-1024): show the exact command,
 * untruncated, and get consent before a local server first runs; highlight dangerous patterns.
 */

export type LaunchRiskCode =
  | 'hidden-characters'
  | 'elevated-privileges'
  | 'recursive-delete'
  | 'delete-command'
  | 'pipe-to-shell'
  | 'encoded-script'
  | 'inline-script'
  | 'sensitive-path'
  | 'broad-access'
  | 'privileged-container'
  | 'code-injection-env'
  | 'tls-disabled'
  | 'fetches-code'
  | 'secret-env'
  | 'invalid-url'
  | 'insecure-transport'
  | 'credentials-in-url'
  | 'secret-in-url'
  | 'suspicious-address'
  | 'secret-header'
  | 'legacy-transport';

export type RiskLocation =
  | { part: 'command' }
  | { part: 'arg'; index: number }
  | { part: 'cwd' }
  | { part: 'env'; key: string }
  | { part: 'url' }
  | { part: 'header'; key: string };

export interface LaunchRisk {
  code: LaunchRiskCode;
  severity: WarningSeverity;
  title: string;
  explanation: string;
  location?: RiskLocation;
}

export type LaunchReview = LaunchSummary & {
  /** Most severe first. */
  risks: LaunchRisk[];
  /** The most severe risk, for a badge. */
  severity: WarningSeverity | 'none';
};

export interface StdioLaunch {
  command: string;
  args?: readonly string[];
  env?: Readonly<Record<string, string>>;
  cwd?: string;
  /** Env names whose values come from Switchboard's secret store; every other value is written in mcp.json. */
  fromSecretStore?: readonly string[];
}

export interface RemoteLaunch {
  url: string;
  headers?: Readonly<Record<string, string>>;
  type?: string;
  /** Header names whose values come from Switchboard's secret store; every other value is written in mcp.json. */
  fromSecretStore?: readonly string[];
}

export type LaunchConfig = StdioLaunch | RemoteLaunch;

const SEVERITY_ORDER: Record<WarningSeverity, number> = { danger: 0, caution: 1, info: 2 };

/** Shows invisible, control and direction-changing characters as `<U+202E>`, so what is shown is what runs. A line break counts. */
export function revealHidden(text: string): string {
  return writeOutHidden(text, { mode: 'strict' });
}

class Risks {
  private readonly list: LaunchRisk[] = [];
  private readonly seen = new Set<string>();

  add(risk: LaunchRisk): void {
    const key = `${risk.code}|${risk.title}|${JSON.stringify(risk.location ?? null)}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push(risk);
  }

  sorted(): LaunchRisk[] {
    return [...this.list].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  }
}

function severityOf(risks: readonly LaunchRisk[]): WarningSeverity | 'none' {
  return risks[0]?.severity ?? 'none';
}

export function reviewLaunch(config: LaunchConfig): LaunchReview {
  return 'command' in config ? reviewStdio(config) : reviewRemote(config);
}

// ---- local (stdio) servers ----

interface Part {
  text: string;
  location: RiskLocation;
}

function describe(location: RiskLocation): string {
  switch (location.part) {
    case 'command':
      return 'The command';
    case 'arg':
      return `Argument ${location.index + 1}`;
    case 'cwd':
      return 'The working folder';
    case 'env':
      return `The variable ${location.key}`;
    case 'url':
      return 'The address';
    case 'header':
      return `The header ${location.key}`;
  }
}

function reviewStdio(config: StdioLaunch): LaunchReview {
  const args = [...(config.args ?? [])];
  const env = config.env ?? {};
  const risks = new Risks();
  const parts: Part[] = [
    { text: config.command, location: { part: 'command' } },
    ...args.map((text, index): Part => ({ text, location: { part: 'arg', index } })),
    ...(config.cwd !== undefined ? [{ text: config.cwd, location: { part: 'cwd' } } satisfies Part] : []),
  ];

  for (const part of parts) {
    if (hasHidden(part.text, { mode: 'strict' })) {
      risks.add({
        code: 'hidden-characters',
        severity: 'danger',
        title: 'Hidden characters',
        explanation: `${describe(part.location)} contains invisible or control characters, so what you read may not be what runs: ${revealHidden(part.text)}`,
        location: part.location,
      });
    }
  }
  checkPrograms([config.command, ...args], risks);
  for (const part of parts) {
    if (/[\s|;&`$(]/.test(part.text)) checkScriptText(part, risks);
    for (const label of sensitivePaths(part.text)) {
      risks.add({
        code: 'sensitive-path',
        severity: 'caution',
        title: `Touches ${label}`,
        explanation: `${describe(part.location)} refers to ${label}. A server given this path can read what is there; allow it only if the server needs it.`,
        location: part.location,
      });
    }
  }
  args.forEach((arg, index) => {
    const broad = broadAccess(arg);
    if (broad) {
      risks.add({
        code: 'broad-access',
        severity: 'caution',
        title: `Access to ${broad}`,
        explanation: `Argument ${index + 1} (“${arg}”) gives the server ${broad}, not just the folder it needs.`,
        location: { part: 'arg', index },
      });
    }
  });
  checkEnv(env, config.fromSecretStore ?? [], risks);

  const sorted = risks.sorted();
  return {
    transport: 'stdio',
    command: config.command,
    args,
    ...(config.cwd !== undefined ? { cwd: config.cwd } : {}),
    envKeys: Object.keys(env).sort(),
    risks: sorted,
    severity: severityOf(sorted),
  };
}

/** `/usr/bin/Sudo.exe` → `sudo`: what a program is, whatever path or Windows extension it is spelled with. */
function programName(token: string): string {
  const base = token.split(/[\\/]/).pop() ?? token;
  return base.toLowerCase().replace(/\.(exe|cmd|bat|com|ps1)$/, '');
}

const ELEVATORS = new Set(['sudo', 'doas', 'su', 'pkexec', 'runas', 'gsudo']);
/** Programs that run the next word as a program of their own. */
const WRAPPERS = new Set(['env', 'nice', 'nohup', 'time', 'exec', 'command', 'xargs', 'stdbuf', 'caffeinate', 'timeout']);
/** Options of sudo and doas that take a value, so the value is not read as the program. */
const OPTIONS_WITH_VALUE = new Set(['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U', '-k']);
const POSIX_SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'fish', 'csh', 'tcsh', 'busybox']);
const POWERSHELLS = new Set(['powershell', 'pwsh']);
/** Interpreters and the options that make them run code given on the command line. */
const EVAL_OPTIONS: readonly { names: readonly string[]; option: RegExp }[] = [
  { names: ['node', 'nodejs', 'bun'], option: /^(-e|-p|--eval|--print)(=|$)/ },
  { names: ['python', 'python2', 'python3', 'py', 'pypy', 'pypy3'], option: /^-[A-Za-z]*c$/ },
  { names: ['perl'], option: /^-[A-Za-z]*[eE]$/ },
  { names: ['ruby', 'lua', 'osascript'], option: /^-e$/ },
  { names: ['php'], option: /^-r$/ },
];
const PACKAGE_RUNNERS = new Set(['npx', 'bunx', 'pnpx', 'uvx']);

function isPython(name: string): boolean {
  return /^python[\d.]*$/.test(name) || name === 'py' || name.startsWith('pypy');
}

/** Walks `sudo env FOO=1 bash -c …` program by program, since a wrapper's argument is the next program. */
function checkPrograms(tokens: readonly string[], risks: Risks): void {
  const at = (index: number): RiskLocation => (index === 0 ? { part: 'command' } : { part: 'arg', index: index - 1 });
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index];
    const name = programName(token);
    const rest = tokens.slice(index + 1);
    if (ELEVATORS.has(name)) {
      risks.add({
        code: 'elevated-privileges',
        severity: 'danger',
        title: 'Runs as administrator',
        explanation: `“${token}” runs the server with full control of this computer. An MCP server should never need that.`,
        location: at(index),
      });
    }
    if (ELEVATORS.has(name) || WRAPPERS.has(name)) {
      let next = index + 1;
      while (next < tokens.length && (tokens[next].startsWith('-') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(tokens[next]))) {
        next += OPTIONS_WITH_VALUE.has(tokens[next]) ? 2 : 1;
      }
      if (name === 'timeout' && next < tokens.length) next += 1;
      index = next;
      continue;
    }
    if (name === 'cmd') {
      const flag = rest.findIndex((arg) => /^\/[ck]$/i.test(arg));
      if (flag >= 0) {
        inline(risks, at(index), token, rest.slice(flag + 1).join(' '));
        checkScriptText({ text: rest.slice(flag + 1).join(' '), location: at(index + flag + 2) }, risks);
        index += flag + 2;
        continue;
      }
    }
    checkProgram(name, token, rest, at(index), risks);
    break;
  }
}

function inline(risks: Risks, location: RiskLocation, program: string, script: string | undefined): void {
  risks.add({
    code: 'inline-script',
    severity: 'caution',
    title: 'Runs a script written into the command',
    explanation: `“${program}” runs code given right in the command line${script ? `: ${script}` : ''}. Read it all: it is the server.`,
    location,
  });
}

function leadingOptions(rest: readonly string[]): string[] {
  const end = rest.findIndex((arg) => !arg.startsWith('-'));
  return end < 0 ? [...rest] : rest.slice(0, end);
}

function checkProgram(name: string, token: string, rest: readonly string[], location: RiskLocation, risks: Risks): void {
  if (name === 'rm' || name === 'del' || name === 'erase' || name === 'rmdir' || name === 'rd' || name === 'remove-item') {
    const options = leadingOptions(rest);
    const windows = name !== 'rm' && rest.some((arg) => /^\/[sq]$/i.test(arg));
    const recursive = windows || options.some((option) => /^-[A-Za-z]*[rRf]/.test(option) || /^--(recursive|force)$/.test(option) || /^-(recurse|force)$/i.test(option));
    risks.add(
      recursive
        ? { code: 'recursive-delete', severity: 'danger', title: 'Deletes files recursively', explanation: `“${[token, ...rest].join(' ')}” deletes whole folders without asking. A server does not start like this.`, location }
        : { code: 'delete-command', severity: 'caution', title: 'Deletes files', explanation: `The command is “${token}”, which deletes files rather than starting a server.`, location },
    );
    return;
  }
  if (POSIX_SHELLS.has(name)) {
    const options = leadingOptions(rest);
    const flag = options.findIndex((option) => /^-[A-Za-z]*c[A-Za-z]*$/.test(option));
    if (flag >= 0) inline(risks, location, token, rest[flag + 1]);
    return;
  }
  if (POWERSHELLS.has(name)) {
    const encoded = rest.findIndex((arg) => /^[-/](e|ec|en|enc|enco|encod|encode|encoded|encodedc|encodedco|encodedcom|encodedcomm|encodedcomma|encodedcomman|encodedcommand)$/i.test(arg));
    if (encoded >= 0) {
      risks.add({
        code: 'encoded-script',
        severity: 'danger',
        title: 'Runs a hidden script',
        explanation: `“${token} ${rest[encoded]}” runs a script encoded in Base64, so nobody can read what it does from here.`,
        location,
      });
      return;
    }
    const command = rest.findIndex((arg) => /^[-/](c|co|com|comm|comma|comman|command)$/i.test(arg));
    if (command >= 0) inline(risks, location, token, rest.slice(command + 1).join(' '));
    return;
  }
  for (const { names, option } of EVAL_OPTIONS) {
    if (names.includes(name) || (names.includes('python') && isPython(name))) {
      const flag = leadingOptions(rest).findIndex((arg) => option.test(arg));
      if (flag >= 0) {
        const [, attached] = rest[flag].split(/=(.*)/s);
        inline(risks, location, token, attached || rest[flag + 1]);
      }
      return;
    }
  }
  if (name === 'deno' && rest[0] === 'eval') {
    inline(risks, location, token, rest[1]);
    return;
  }
  if (name === 'docker' || name === 'podman') {
    if (rest.includes('--privileged')) {
      risks.add({
        code: 'privileged-container',
        severity: 'danger',
        title: 'Privileged container',
        explanation: `“${token} … --privileged” gives the container full access to this computer's devices and kernel.`,
        location,
      });
    }
    const image = rest[0] === 'run' ? leadingImage(rest.slice(1)) : undefined;
    if (image) fetches(risks, location, `the container image ${image}`, /[:@]/.test(image.split('/').pop() ?? ''), false);
    return;
  }
  const runner = packageRunner(name, rest);
  if (runner) fetches(risks, location, runner.pkg, runner.pinned, runner.autoYes);
}

/** The image of `docker run [options] image`, skipping the values of options that take one. */
function leadingImage(rest: readonly string[]): string | undefined {
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index];
    if (!arg.startsWith('-')) return arg;
    if (/^-(e|v|p|w|u|h|l|m|a|c)$|^--(env|volume|publish|workdir|user|name|network|net|mount|entrypoint|label|memory|cpus|env-file|add-host|platform|hostname)$/.test(arg)) index++;
  }
  return undefined;
}

function packageRunner(name: string, rest: readonly string[]): { pkg: string; pinned: boolean; autoYes: boolean } | undefined {
  let args = rest;
  if ((name === 'pnpm' || name === 'yarn') && rest[0] === 'dlx') args = rest.slice(1);
  else if (name === 'npm' && (rest[0] === 'exec' || rest[0] === 'x')) args = rest.slice(1);
  else if (name === 'pipx' && rest[0] === 'run') args = rest.slice(1);
  else if (name === 'uv' && rest[0] === 'tool' && rest[1] === 'run') args = rest.slice(2);
  else if (!PACKAGE_RUNNERS.has(name)) return undefined;

  let pkg: string | undefined;
  let autoYes = false;
  for (let index = 0; index < args.length && pkg === undefined; index++) {
    const arg = args[index];
    if (arg === '-y' || arg === '--yes') autoYes = true;
    else if (arg === '-p' || arg === '--package' || arg === '--from' || arg === '--spec') pkg = args[index + 1];
    else if (/^--(package|from|spec)=/.test(arg)) pkg = arg.slice(arg.indexOf('=') + 1);
    else if (arg === '--') continue;
    else if (!arg.startsWith('-')) pkg = arg;
  }
  if (pkg === undefined) return undefined;
  return { pkg, pinned: isPinned(pkg), autoYes };
}

/** `@scope/name@1.2.3`, `name@1.2.3`, `name==1.2.3`: a version after the name (not the scope's @, not a moving tag). */
function isPinned(pkg: string): boolean {
  const eq = pkg.indexOf('==');
  if (eq > 0) return true;
  const at = pkg.lastIndexOf('@');
  if (at <= 0) return false;
  return /^v?\d/.test(pkg.slice(at + 1));
}

function fetches(risks: Risks, location: RiskLocation, what: string, pinned: boolean, autoYes: boolean): void {
  risks.add({
    code: 'fetches-code',
    severity: 'info',
    title: 'Downloads and runs code',
    explanation:
      `Each start fetches ${what} from its registry and runs it with your permissions` +
      (autoYes ? ', without asking before it installs' : '') +
      (pinned ? '.' : '. No version is pinned, so a new release runs without this review.'),
    location,
  });
}

const PIPE_TO_SHELL: readonly RegExp[] = [
  /\b(curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^|\n]*\|\s*(sudo\s+)?(ba|da|z|k|fi|c|tc)?sh\b/i,
  /\b(curl|wget)\b[^|\n]*\|\s*(sudo\s+)?(python[\d.]*|node|perl|ruby|php)\b/i,
  /\|\s*(iex|invoke-expression)\b/i,
  /\b(iex|invoke-expression)\b[\s(]*(\(\s*)?(new-object\s+net\.webclient|iwr|irm|invoke-webrequest|invoke-restmethod)\b/i,
  /(\$\(|`|<\()\s*(curl|wget)\b/i,
];

function checkScriptText(part: Part, risks: Risks): void {
  const text = part.text;
  if (PIPE_TO_SHELL.some((pattern) => pattern.test(text))) {
    risks.add({
      code: 'pipe-to-shell',
      severity: 'danger',
      title: 'Runs code straight from the internet',
      explanation: `${describe(part.location)} downloads a script and runs it at once, so whoever controls that address decides what runs on this computer.`,
      location: part.location,
    });
  }
  if (/(^|[\s;&|(`])(sudo|doas|pkexec|runas|gsudo)\s/.test(text) || /(^|[\s;&|(`])su\s+(-|root\b)/.test(text)) {
    risks.add({
      code: 'elevated-privileges',
      severity: 'danger',
      title: 'Runs as administrator',
      explanation: `${describe(part.location)} asks for administrator rights, which give full control of this computer.`,
      location: part.location,
    });
  }
  if (
    /(^|[\s;&|(`])rm\s+(-[A-Za-z]*[rRf]|--recursive|--force)/.test(text) ||
    /\bremove-item\b[^;|\n]*\s-(recurse|force)\b/i.test(text) ||
    /(^|[\s;&|])(del|erase|rd|rmdir)\s+\/[sq]\b/i.test(text)
  ) {
    risks.add({
      code: 'recursive-delete',
      severity: 'danger',
      title: 'Deletes files recursively',
      explanation: `${describe(part.location)} deletes whole folders without asking.`,
      location: part.location,
    });
  }
}

/** Places whose contents are keys, passwords or someone's whole browsing life. Matched on `/`-separated, lower-case text. */
const SENSITIVE_PATHS: readonly { pattern: RegExp; label: string }[] = [
  { pattern: /(^|[/~\s="':])\.ssh(\/|$|[\s"'])|(^|\/)id_(rsa|dsa|ecdsa|ed25519)\b/, label: 'SSH keys (~/.ssh)' },
  { pattern: /(^|[/~\s="':])\.aws(\/|$|[\s"'])/, label: 'AWS credentials (~/.aws)' },
  { pattern: /(^|[/~\s="':])\.gnupg(\/|$|[\s"'])/, label: 'GPG keys (~/.gnupg)' },
  { pattern: /(^|[/~\s="':])\.(kube|docker|azure)(\/|$|[\s"'])|\.config\/gcloud\b|application_default_credentials\.json/, label: 'cloud or cluster credentials' },
  { pattern: /(^|[/~\s="':])\.(netrc|npmrc|pypirc|pgpass|git-credentials)\b|\.password-store\b/, label: 'saved passwords or tokens' },
  { pattern: /(^|[\s="':])(\/private)?\/etc(\/|$|[\s"'])/, label: 'system configuration (/etc)' },
  { pattern: /(^|[\s="':])\/(var\/)?root(\/|$|[\s"'])/, label: "the administrator's home folder" },
  { pattern: /library\/keychains|\.keychain(-db)?\b/, label: 'the macOS keychain' },
  {
    pattern: /library\/application support\/(google\/chrome|bravesoftware|firefox|microsoft edge|arc)|\.config\/(google-chrome|chromium|bravesoftware|microsoft-edge)|\.mozilla\/firefox|appdata\/(local|roaming)\/(google\/chrome|mozilla\/firefox|microsoft\/edge|bravesoftware)|library\/(safari|cookies)\b/,
    label: 'a browser profile (cookies, saved passwords)',
  },
  { pattern: /(^|[/\s="':])\.env(\.[\w-]+)*($|[\s"',;])/, label: 'a .env file (often full of secrets)' },
  { pattern: /(^|[\s="':])([a-z]:)?\/windows\/system32\b/, label: 'Windows system files' },
];

function sensitivePaths(text: string): string[] {
  const normal = text.replace(/\\/g, '/').toLowerCase();
  return SENSITIVE_PATHS.filter(({ pattern }) => pattern.test(normal)).map(({ label }) => label);
}

/** An argument that hands over everything: the disk, or a whole home folder. */
function broadAccess(arg: string): string | undefined {
  const path = arg.replace(/\\/g, '/').replace(/(.)\/+$/, '$1');
  if (path === '/' || /^[A-Za-z]:\/?$/.test(path)) return 'the whole disk';
  if (/^(~|\$HOME|\$\{HOME\}|%USERPROFILE%|\/Users\/[^/]+|\/home\/[^/]+|[A-Za-z]:\/Users\/[^/]+)$/i.test(path)) return 'your whole home folder';
  return undefined;
}

const INJECTION_ENV = new Set([
  'LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT', 'DYLD_INSERT_LIBRARIES', 'DYLD_LIBRARY_PATH', 'DYLD_FRAMEWORK_PATH',
  'NODE_OPTIONS', 'PYTHONSTARTUP', 'PYTHONPATH', 'PYTHONHOME', 'BASH_ENV', 'ENV', 'PERL5OPT', 'PERL5LIB', 'RUBYOPT',
  'JAVA_TOOL_OPTIONS', '_JAVA_OPTIONS', 'PROMPT_COMMAND',
]);
const TLS_OFF: Readonly<Record<string, (value: string) => boolean>> = {
  NODE_TLS_REJECT_UNAUTHORIZED: (value) => value === '0',
  PYTHONHTTPSVERIFY: (value) => value === '0',
  GIT_SSL_NO_VERIFY: (value) => value !== '' && value !== '0' && value.toLowerCase() !== 'false',
};
const SECRET_NAME = /(^|_)(API_?KEY|ACCESS_?KEY|SECRET_?KEY|SECRETS?|TOKENS?|PASSWORD|PASSWD|PASS|CREDENTIALS?|PRIVATE_?KEY|SESSION|COOKIE|PAT|KEY|DSN|CONNECTION_STRING|DATABASE_URL)(_|$)/;

/** `apiKey`, `API_KEY`, `x-api-key` all become `API_KEY` for matching. */
function screaming(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[-.\s]+/g, '_').toUpperCase();
}

export function looksLikeSecretName(name: string): boolean {
  const upper = screaming(name);
  return upper !== 'PWD' && upper !== 'OLDPWD' && SECRET_NAME.test(upper);
}

/**
 * Says truly where each secret-looking value is: in Switchboard's secret store (typed in the app), or written
 * in mcp.json as plain text (by hand, or by another program), which the file's owner-only mode is all that guards.
 */
function whereSecretsAre(names: readonly string[], stored: readonly string[], givenTo: string): string {
  const inStore = names.filter((name) => stored.includes(name));
  const inFile = names.filter((name) => !stored.includes(name));
  const verb = (list: readonly string[], one: string, many: string) => (list.length === 1 ? one : many);
  const parts: string[] = [];
  if (inStore.length > 0) parts.push(`${inStore.join(', ')} ${verb(inStore, 'is', 'are')} kept in Switchboard's secret storage, never shown or logged`);
  if (inFile.length > 0) {
    parts.push(
      `${inFile.join(', ')} ${verb(inFile, 'is', 'are')} written in mcp.json as plain text (readable by anyone who can read that file); edit the server and enter ${verb(inFile, 'it', 'them')} again to move ${verb(inFile, 'it', 'them')} to secret storage`,
    );
  }
  return `${parts.join('; ')}. ${verb(names, 'It is', 'They are')} ${givenTo}.`;
}

function checkEnv(env: Readonly<Record<string, string>>, stored: readonly string[], risks: Risks): void {
  const keys = Object.keys(env).sort();
  const secrets = keys.filter(looksLikeSecretName);
  if (secrets.length > 0) {
    risks.add({
      code: 'secret-env',
      severity: 'info',
      title: 'Secrets in the environment',
      explanation: `${secrets.join(', ')} look${secrets.length === 1 ? 's' : ''} like secret${secrets.length === 1 ? '' : 's'}. ${whereSecretsAre(secrets, stored, 'given only to this server')}`,
    });
  }
  for (const key of keys) {
    const location: RiskLocation = { part: 'env', key };
    if (INJECTION_ENV.has(key.toUpperCase())) {
      risks.add({
        code: 'code-injection-env',
        severity: 'caution',
        title: `Loads extra code (${key})`,
        explanation: `${key} makes the program load code or settings from elsewhere before it starts, which can change what really runs.`,
        location,
      });
    }
    const tlsOff = TLS_OFF[key.toUpperCase()];
    if (tlsOff?.(env[key])) {
      risks.add({
        code: 'tls-disabled',
        severity: 'caution',
        title: 'Turns off certificate checks',
        explanation: `${key} switches off HTTPS certificate checks, so the server's connections can be intercepted.`,
        location,
      });
    }
    // The value is never shown, only that it points somewhere sensitive.
    for (const label of sensitivePaths(env[key])) {
      risks.add({ code: 'sensitive-path', severity: 'caution', title: `Touches ${label}`, explanation: `The value of ${key} refers to ${label}.`, location });
    }
  }
}

// ---- remote (HTTP) servers ----

function reviewRemote(config: RemoteLaunch): LaunchReview {
  const transport = config.type === 'sse' ? 'sse' : 'http';
  const headerKeys = Object.keys(config.headers ?? {}).sort();
  const risks = new Risks();
  const location: RiskLocation = { part: 'url' };
  const analysis = analyzeUrl(config.url);
  const scheme = analysis.display.scheme;

  if (analysis.display.host === '' || (scheme !== 'http' && scheme !== 'https')) {
    risks.add({ code: 'invalid-url', severity: 'danger', title: 'Not a web address', explanation: `“${revealHidden(config.url)}” is not an http(s) address Switchboard can connect to.`, location });
  } else {
    if (scheme === 'http' && !isLoopbackHost(analysis.display.host)) {
      risks.add({
        code: 'insecure-transport',
        severity: 'danger',
        title: 'Unencrypted connection',
        explanation: `The server is reached over plain http, so everything sent, including headers${headerKeys.length > 0 ? ` such as ${headerKeys.join(', ')}` : ''} and tool results, can be read or changed on the way.`,
        location,
      });
    }
    if (analysis.display.userinfo !== undefined) {
      risks.add({ code: 'credentials-in-url', severity: 'caution', title: 'Password in the address', explanation: 'The address carries a user name or password, which ends up in logs and history. Use a header instead.', location });
    }
    const query = analysis.display.rest.split('#')[0].split('?')[1] ?? '';
    const secretParams = query
      .split('&')
      .map((pair) => decodeURIComponentSafe(pair.split('=')[0]))
      .filter((name) => name !== '' && looksLikeSecretName(name));
    if (secretParams.length > 0) {
      risks.add({
        code: 'secret-in-url',
        severity: 'caution',
        title: 'Secret in the address',
        explanation: `The address carries ${secretParams.join(', ')}, which ends up in logs and history. A header keeps it out of sight.`,
        location,
      });
    }
    for (const warning of analysis.warnings) {
      if (warning.code === 'loopback') continue;
      risks.add({ code: 'suspicious-address', severity: warning.severity, title: 'Check the address', explanation: warning.message, location });
    }
  }
  const secretHeaders = headerKeys.filter((key) => /^(authorization|proxy-authorization|cookie)$/i.test(key) || looksLikeSecretName(key));
  if (secretHeaders.length > 0) {
    risks.add({
      code: 'secret-header',
      severity: 'info',
      title: 'Credentials in headers',
      explanation: `${secretHeaders.join(', ')} carr${secretHeaders.length === 1 ? 'ies' : 'y'} credentials. ${whereSecretsAre(secretHeaders, config.fromSecretStore ?? [], 'sent only to this server')}`,
    });
  }
  if (transport === 'sse') {
    risks.add({
      code: 'legacy-transport',
      severity: 'info',
      title: 'Older connection type',
      explanation: 'This server uses HTTP+SSE from the 2024-11-05 protocol, which newer servers have replaced with Streamable HTTP.',
    });
  }
  const sorted = risks.sorted();
  return { transport, url: config.url, headerKeys, risks: sorted, severity: severityOf(sorted) };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration cannot be imported; this applies it under every tsconfig
/// <reference path="./punycode.d.ts" />
import punycode from 'punycode.js';
import { asciiLookalike, isMixedScript, scriptsOf, skeleton } from './confusables.ts';
import { KNOWN_BRANDS } from './known-brands.ts';
import { registrableDomainGuess } from './registrable-domain.ts';
import { hasHidden } from '../text/hidden-characters.ts';

/**
 * What Switchboard tells a person about a URL a server wants opened (URL-mode elicitation, a link in a
 * result) before asking. MCP 2025-11-25 / 2026-07-28 client/elicitation § Safe URL Handling: show the full
 * URL, highlight the domain, warn on ambiguous or suspicious ones (Punycode), open nothing without consent.
 * Opening goes through the OS (`shell.openExternal`), which hands any scheme to whatever app claims it, so
 * schemes are deny-by-default (Electron security checklist, "Do not use shell.openExternal with untrusted
 * content").
 */

export type WarningSeverity = 'info' | 'caution' | 'danger';

export type UrlWarningCode =
  | 'invisible-characters'
  | 'punycode'
  | 'mixed-script'
  | 'lookalike-script'
  | 'confusable'
  | 'brand-in-subdomain'
  | 'brand-mention'
  | 'unusual-brand-domain'
  | 'deep-subdomain'
  | 'ip-address'
  | 'non-standard-port'
  | 'loopback';

export interface UrlWarning {
  code: UrlWarningCode;
  severity: WarningSeverity;
  message: string;
}

export interface UrlDisplay {
  /** Without the colon: `https`. */
  scheme: string;
  /** `user:pass` when the URL carries credentials (which blocks it). */
  userinfo?: string;
  /** The host as it will be contacted: lower case, international names in their `xn--` form. */
  host: string;
  port?: string;
  /** The host as people read it, `xn--` labels decoded. */
  hostUnicode: string;
  /** The part of the host someone registered (a guess without the full Public Suffix List); the one to highlight. */
  registrableDomainGuess: string;
  /** Path, query and fragment. */
  rest: string;
}

export interface UrlAnalysis {
  ok: boolean;
  /** The URL as it will be opened: normalised by the WHATWG parser, the same one the browser uses. */
  url: string;
  display: UrlDisplay;
  /** Most severe first. */
  warnings: UrlWarning[];
  blockedReason?: string;
}

/** What the host knows about itself that a URL is checked against. */
export interface UrlContext {
  /**
   * The loopback ports Switchboard itself answers on (browser mode's). A link there would open Switchboard
   * inside itself, on a server's say-so, so it is never offered.
   */
  ownPorts?: Iterable<number>;
}

/** Longer than any real sign-in or payment link; beyond it a URL is hiding something or breaking something. */
export const MAX_URL_LENGTH = 4096;

/** Deny by default: a scheme missing from this table is never opened. */
const ALLOWED_SCHEMES = new Map<string, 'any-host' | 'loopback-only'>([
  ['https:', 'any-host'],
  // Plain http only to this machine: OAuth loopback redirects (RFC 8252 § 7.3) and local dev servers.
  ['http:', 'loopback-only'],
]);

/** Clearer words for the schemes most often abused; every other scheme gets the generic reason. */
const BLOCKED_SCHEME_REASONS = new Map<string, string>([
  ['javascript:', 'javascript: addresses run code instead of opening a page'],
  ['vbscript:', 'vbscript: addresses run code instead of opening a page'],
  ['data:', 'data: addresses carry a whole page inside the link, and such a page can imitate any site'],
  ['file:', 'file: addresses open files and programs on this computer'],
  ['blob:', 'blob: addresses point at data held inside another page'],
  ['filesystem:', 'filesystem: addresses point at data held inside another page'],
  ['about:', 'about: addresses open browser internals, not a site'],
]);

interface WhatwgUrl {
  readonly href: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

// shared/ compiles without DOM or Node types, yet both runtimes have the WHATWG URL parser. Using the very
// parser that the browser will apply leaves no gap between what is checked and what is opened.
const ParseUrl = (globalThis as unknown as { URL: new (input: string) => WhatwgUrl }).URL;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const SEVERITY_ORDER: Record<WarningSeverity, number> = { danger: 0, caution: 1, info: 2 };

export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  return IPV4.test(hostname) && hostname.startsWith('127.');
}

function isPrivateAddress(hostname: string): boolean {
  if (hostname.startsWith('[')) return /^\[(f[cd]|fe[89ab])/i.test(hostname);
  const [a, b] = hostname.split('.').map(Number);
  return a === 10 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
}

function toUnicode(hostname: string): string {
  try {
    return punycode.toUnicode(hostname);
  } catch {
    return hostname;
  }
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** The port the browser will contact: the written one, else the scheme's default. */
function effectivePort(parsed: WhatwgUrl): string {
  return parsed.port || (DEFAULT_PORTS[parsed.protocol] ?? '');
}

function isOwnAddress(parsed: WhatwgUrl, context: UrlContext): boolean {
  if (!isLoopbackHost(parsed.hostname) || context.ownPorts === undefined) return false;
  const port = Number(effectivePort(parsed));
  for (const own of context.ownPorts) if (own === port) return true;
  return false;
}

export function analyzeUrl(input: string, context: UrlContext = {}): UrlAnalysis {
  const text = typeof input === 'string' ? input : '';
  const unparsed = (reason: string): UrlAnalysis => ({
    ok: false,
    url: text,
    display: { scheme: '', host: '', hostUnicode: '', registrableDomainGuess: '', rest: text },
    warnings: [],
    blockedReason: reason,
  });
  if (text.trim() === '') return unparsed('The address is empty');
  let parsed: WhatwgUrl;
  try {
    parsed = new ParseUrl(text);
  } catch {
    return unparsed('This is not a valid web address');
  }

  const hostUnicode = toUnicode(parsed.hostname);
  const userinfo = parsed.username + (parsed.password ? `:${parsed.password}` : '');
  const registrable = parsed.hostname === '' ? '' : registrableDomainGuess(hostUnicode);
  const display: UrlDisplay = {
    scheme: parsed.protocol.replace(/:$/, ''),
    ...(userinfo ? { userinfo } : {}),
    host: parsed.hostname,
    ...(parsed.port ? { port: parsed.port } : {}),
    hostUnicode,
    registrableDomainGuess: registrable,
    rest: parsed.pathname + parsed.search + parsed.hash,
  };

  const warnings: UrlWarning[] = [];
  if (hasHidden(text, { mode: 'strict' })) {
    warnings.push({
      code: 'invisible-characters',
      severity: 'caution',
      message: 'The address contained invisible or control characters. They were removed; check the address as shown.',
    });
  }
  const own = isOwnAddress(parsed, context);
  if (parsed.hostname !== '' && !own) warnings.push(...hostWarnings(parsed, hostUnicode, registrable));
  warnings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);

  const blockedReason = own
    ? `This is Switchboard's own address (port ${effectivePort(parsed)} on this computer). A link never opens Switchboard itself: use the window you already have.`
    : blockReason(parsed, text);
  return { ok: blockedReason === undefined, url: parsed.href, display, warnings, ...(blockedReason ? { blockedReason } : {}) };
}

function blockReason(parsed: WhatwgUrl, text: string): string | undefined {
  const policy = ALLOWED_SCHEMES.get(parsed.protocol);
  if (policy === undefined) {
    return (
      BLOCKED_SCHEME_REASONS.get(parsed.protocol) ??
      `${parsed.protocol} addresses are handed to another app on this computer; only https links can be opened`
    );
  }
  if (policy === 'loopback-only' && !isLoopbackHost(parsed.hostname)) {
    return 'Only https addresses can be opened (plain http only to this computer, such as http://127.0.0.1): this one would travel unencrypted';
  }
  if (parsed.username || parsed.password) {
    return 'The address has a user name or password before the host (user:pass@host), a trick that hides where it really goes';
  }
  const length = Math.max(text.length, parsed.href.length);
  if (length > MAX_URL_LENGTH) return `The address is ${length} characters long; at most ${MAX_URL_LENGTH} can be opened`;
  return undefined;
}

function hostWarnings(parsed: WhatwgUrl, hostUnicode: string, registrable: string): UrlWarning[] {
  const warnings: UrlWarning[] = [];
  const host = parsed.hostname;
  if (isLoopbackHost(host)) {
    warnings.push({
      code: 'loopback',
      severity: 'caution',
      message: `Opens a page on port ${effectivePort(parsed)} of this computer, served by another program there, not by Switchboard. Continue only if you expect one, for example to finish signing in.`,
    });
    return warnings;
  }
  if (host.startsWith('[') || IPV4.test(host)) {
    warnings.push({
      code: 'ip-address',
      severity: 'caution',
      message: `The address is a bare IP address${isPrivateAddress(host) ? ' on a private network' : ''}, with no domain name to show who runs it.`,
    });
  }
  if (parsed.port) {
    warnings.push({ code: 'non-standard-port', severity: 'caution', message: `Uses port ${parsed.port} instead of the usual one for ${parsed.protocol.replace(':', '')}.` });
  }
  if (host.startsWith('[') || IPV4.test(host)) return warnings;

  if (host.split('.').some((label) => label.startsWith('xn--'))) {
    warnings.push({
      code: 'punycode',
      severity: 'caution',
      message: `The name uses international characters. It reads “${hostUnicode}” and is sent as “${host}”.`,
    });
  }
  for (const label of hostUnicode.replace(/\.$/, '').split('.')) {
    if (isMixedScript(label)) {
      warnings.push({
        code: 'mixed-script',
        severity: 'danger',
        message: `“${label}” mixes ${[...scriptsOf(label)].join(' and ')} letters, a common way to imitate another name.`,
      });
      break;
    }
    const imitated = asciiLookalike(label);
    if (imitated !== undefined) {
      warnings.push({
        code: 'lookalike-script',
        severity: 'danger',
        message: `“${label}” is written in ${[...scriptsOf(label)].join(' and ')} letters that look like the Latin “${imitated}”.`,
      });
      break;
    }
  }
  warnings.push(...brandWarnings(hostUnicode, registrable));
  return warnings;
}

function tokens(label: string): string[] {
  return label.split('-').filter((token) => token !== '');
}

function brandWarnings(hostUnicode: string, registrable: string): UrlWarning[] {
  const host = hostUnicode.replace(/\.$/, '');
  const registrableAscii = punycode.toASCII(registrable);
  const [name] = registrable.split('.');
  const subdomain = host.length > registrable.length ? host.slice(0, host.length - registrable.length - 1) : '';
  const subLabels = subdomain === '' ? [] : subdomain.split('.');
  const found = new Map<UrlWarningCode, UrlWarning>();
  const add = (warning: UrlWarning) => {
    if (!found.has(warning.code)) found.set(warning.code, warning);
  };

  for (const brand of KNOWN_BRANDS) {
    if (brand.domains.includes(registrableAscii)) continue;
    const brandSkeleton = skeleton(brand.name);
    if (name === brand.name) {
      if (!brand.manySuffixes) {
        add({
          code: 'unusual-brand-domain',
          severity: 'caution',
          message: `${brand.display} uses ${brand.domains[0]}; this is ${registrable}, which may belong to someone else.`,
        });
      }
    } else if (skeleton(name) === brandSkeleton) {
      add({ code: 'confusable', severity: 'danger', message: `“${registrable}” looks like ${brand.display} (${brand.domains[0]}) but is a different site.` });
    } else if (tokens(name).some((token) => skeleton(token) === brandSkeleton)) {
      add({ code: 'brand-mention', severity: 'caution', message: `${registrable} has “${brand.name}” in its name but is not a ${brand.display} site.` });
    }

    const embedded = brand.domains.find((domain) => `.${subdomain}.`.includes(`.${domain}.`));
    if (embedded !== undefined) {
      add({
        code: 'brand-in-subdomain',
        severity: 'danger',
        message: `The site is ${registrable}. “${embedded}” is only the start of the name, put there to look like ${brand.display}.`,
      });
    } else if (subLabels.some((label) => tokens(label).some((token) => skeleton(token) === brandSkeleton))) {
      add({ code: 'brand-mention', severity: 'caution', message: `The site is ${registrable}, not ${brand.display}; “${brand.name}” is only in the subdomain.` });
    }
  }
  if (subLabels.length >= 4) {
    add({ code: 'deep-subdomain', severity: 'info', message: `The name has ${subLabels.length} levels before the site's own name, ${registrable}.` });
  }
  return [...found.values()];
}

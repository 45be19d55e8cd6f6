import { isLoopbackHost } from '../../../../shared/consent/url-safety.ts';
import type { UrlAnalysis } from '../../../../shared/consent/url-safety.ts';

export type UrlSegmentRole = 'scheme' | 'userinfo' | 'subdomain' | 'domain' | 'port' | 'rest';

export interface UrlSegment {
  role: UrlSegmentRole;
  text: string;
}

/**
 * The whole address in pieces, so the part someone registered can stand out (client/elicitation § Safe URL
 * Handling: show the full URL, highlight the domain). The host is shown as people read it (`xn--` decoded);
 * nothing is left out, so joined together the pieces read as the full address.
 */
export function urlSegments(analysis: UrlAnalysis): UrlSegment[] {
  const { display } = analysis;
  if (display.scheme === '') return [{ role: 'rest', text: display.rest }];
  const segments: UrlSegment[] = [];
  const slashes = analysis.url.startsWith(`${display.scheme}://`) ? '//' : '';
  segments.push({ role: 'scheme', text: `${display.scheme}:${slashes}` });
  if (display.userinfo) segments.push({ role: 'userinfo', text: `${display.userinfo}@` });
  const host = display.hostUnicode;
  const domain = display.registrableDomainGuess;
  if (host !== '') {
    if (domain !== '' && host.endsWith(domain) && (host.length === domain.length || host[host.length - domain.length - 1] === '.')) {
      const sub = host.slice(0, host.length - domain.length);
      if (sub !== '') segments.push({ role: 'subdomain', text: sub });
      segments.push({ role: 'domain', text: domain });
    } else {
      segments.push({ role: 'domain', text: host });
    }
  }
  if (display.port) segments.push({ role: 'port', text: `:${display.port}` });
  if (display.rest !== '') segments.push({ role: 'rest', text: display.rest });
  return segments;
}

/**
 * The name to say in words ("a page on example.com"): the registered part, else the host, else the scheme.
 * On this computer the port is what tells one program from another, so it is part of the name.
 */
export function siteName(analysis: UrlAnalysis): string {
  const { display } = analysis;
  if (isLoopbackHost(display.host)) return `${display.host}:${display.port ?? (display.scheme === 'https' ? '443' : '80')}`;
  return display.registrableDomainGuess || display.hostUnicode || (display.scheme ? `a ${display.scheme}: address` : 'an address');
}

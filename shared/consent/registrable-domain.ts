/**
 * Which part of a host name someone registered, guessed without the full Public Suffix List: the last two
 * labels, or three under the suffixes below. The guess is for showing people whose site it is and for
 * brand checks; nothing is allowed or blocked on it alone.
 */

/** Suffixes under which anyone can register a name: country second levels and big shared hosting domains. */
const SHARED_SUFFIXES = new Set([
  'co.uk', 'org.uk', 'ac.uk', 'gov.uk', 'me.uk', 'ltd.uk', 'plc.uk', 'net.uk', 'sch.uk',
  'com.au', 'net.au', 'org.au', 'edu.au', 'gov.au', 'id.au',
  'co.nz', 'org.nz', 'net.nz', 'govt.nz',
  'co.jp', 'ne.jp', 'or.jp', 'ac.jp', 'go.jp',
  'co.kr', 'or.kr', 'ne.kr',
  'com.br', 'net.br', 'org.br', 'gov.br',
  'com.cn', 'net.cn', 'org.cn', 'gov.cn',
  'com.hk', 'com.tw', 'com.sg', 'com.my', 'com.ph', 'com.vn', 'co.id', 'co.th', 'in.th',
  'co.in', 'net.in', 'org.in', 'gov.in',
  'co.za', 'org.za', 'com.mx', 'com.ar', 'com.co', 'com.pe', 'com.tr', 'com.ua', 'co.il', 'com.pl', 'com.eg', 'com.sa',
  'github.io', 'gitlab.io', 'pages.dev', 'workers.dev', 'vercel.app', 'netlify.app', 'web.app', 'firebaseapp.com',
  'herokuapp.com', 'azurewebsites.net', 'cloudfront.net', 'appspot.com', 'blogspot.com', 'glitch.me', 'replit.app',
  'ngrok.io', 'ngrok-free.app', 'trycloudflare.com', 's3.amazonaws.com', 'onrender.com', 'fly.dev', 'deno.dev',
]);

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** `a.b.example.co.uk` → `example.co.uk`. An IP address or a single label is returned as it is. */
export function registrableDomainGuess(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || IPV4.test(host)) return host;
  const labels = host.split('.');
  // The longest shared suffix wins, so `x.s3.amazonaws.com` is someone's bucket, not Amazon's site.
  for (let start = 1; start < labels.length - 1; start++) {
    if (SHARED_SUFFIXES.has(labels.slice(start).join('.'))) return labels.slice(start - 1).join('.');
  }
  return labels.slice(-2).join('.');
}

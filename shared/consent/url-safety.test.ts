import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeUrl, isLoopbackHost, MAX_URL_LENGTH } from './url-safety.ts';
import type { UrlAnalysis, UrlWarningCode } from './url-safety.ts';

function codes(analysis: UrlAnalysis): UrlWarningCode[] {
  return analysis.warnings.map((warning) => warning.code);
}

function blocked(url: string, reason: RegExp): UrlAnalysis {
  const analysis = analyzeUrl(url);
  assert.equal(analysis.ok, false, `${url} should be blocked`);
  assert.match(analysis.blockedReason ?? '', reason);
  return analysis;
}

function allowed(url: string): UrlAnalysis {
  const analysis = analyzeUrl(url);
  assert.equal(analysis.ok, true, `${url} should be allowed: ${analysis.blockedReason}`);
  assert.equal(analysis.blockedReason, undefined);
  return analysis;
}

describe('analyzeUrl: schemes are deny-by-default', () => {
  it('blocks javascript:, in any case and with tabs or newlines hidden inside the scheme', () => {
    blocked('javascript:alert(1)', /javascript: addresses run code/);
    blocked('JaVaScRiPt:alert(1)', /javascript: addresses run code/);
    // The WHATWG parser drops tabs and newlines, so this is what a browser would run.
    blocked('java\tscript:alert(1)', /javascript: addresses run code/);
    blocked('  javascript:alert(1)', /javascript: addresses run code/);
  });

  it('blocks file:, data:, vbscript:, blob: and about:', () => {
    blocked('file:///etc/passwd', /open files and programs on this computer/);
    blocked('file://server/share/x.exe', /open files/);
    blocked('data:text/html,<script>alert(1)</script>', /imitate any site/);
    blocked('vbscript:msgbox(1)', /run code/);
    blocked('blob:https://example.com/1234', /inside another page/);
    blocked('about:blank', /browser internals/);
  });

  it('blocks custom schemes that would launch another app', () => {
    for (const url of ['slack://open', 'ms-settings:privacy', 'mailto:a@example.com', 'ftp://example.com/', 'ws://127.0.0.1/', 'vscode://file/x', 'smb://host/share']) {
      blocked(url, /handed to another app on this computer/);
    }
  });

  it('allows https anywhere', () => {
    const analysis = allowed('https://github.com/login/oauth/authorize?client_id=abc#x');
    assert.deepEqual(analysis.warnings, []);
    assert.equal(analysis.url, 'https://github.com/login/oauth/authorize?client_id=abc#x');
    assert.deepEqual(analysis.display, {
      scheme: 'https',
      host: 'github.com',
      hostUnicode: 'github.com',
      registrableDomainGuess: 'github.com',
      rest: '/login/oauth/authorize?client_id=abc#x',
    });
  });

  it('allows http only to this computer, and says it is local', () => {
    const callback = allowed('http://127.0.0.1:8080/cb');
    assert.equal(callback.url, 'http://127.0.0.1:8080/cb');
    assert.deepEqual(codes(callback), ['loopback']);
    assert.match(callback.warnings[0].message, /port 8080/);
    assert.equal(callback.display.port, '8080');
    allowed('http://localhost:3000/');
    allowed('http://[::1]:5000/done');
    allowed('http://127.45.6.7/');
  });

  it('says which port a loopback page is on and that another program serves it, the default port too', () => {
    assert.match(allowed('http://127.0.0.1:8080/cb').warnings[0].message, /port 8080 of this computer, served by another program there, not by Switchboard/);
    assert.match(allowed('http://localhost/').warnings[0].message, /port 80 of this computer/);
    assert.match(allowed('https://localhost/').warnings[0].message, /port 443 of this computer/);
  });

  it("never offers Switchboard's own port as a link target, however the loopback host is written", () => {
    const own = { ownPorts: [4700] };
    for (const url of ['http://127.0.0.1:4700/', 'http://localhost:4700/#token=x', 'http://0x7f.1:4700/api', 'http://[::1]:4700/', 'http://127.9.9.9:4700/']) {
      const analysis = analyzeUrl(url, own);
      assert.equal(analysis.ok, false, url);
      assert.match(analysis.blockedReason ?? '', /Switchboard's own address \(port 4700 on this computer\)/, url);
      assert.deepEqual(codes(analysis), [], 'no "another program" warning for our own port');
    }
    assert.equal(analyzeUrl('http://localhost/', { ownPorts: [80] }).ok, false, 'the default port counts');
    assert.equal(analyzeUrl('http://127.0.0.1:4701/', own).ok, true, 'another port is another program');
    assert.equal(analyzeUrl('https://example.com:4700/', own).ok, true, 'the same port on another host is not ours');
    assert.equal(analyzeUrl('http://127.0.0.1:4700/').ok, true, 'without the context nothing is known about our port');
  });

  it('judges the address the browser will really contact, not how it was written', () => {
    assert.equal(allowed('http://0x7f.1:8080/cb').url, 'http://127.0.0.1:8080/cb');
    assert.equal(allowed('http://2130706433/').url, 'http://127.0.0.1/');
    assert.equal(allowed('HTTPS://GitHub.COM:443/x').url, 'https://github.com/x');
    assert.equal(analyzeUrl('https://%67ithub.com/').display.host, 'github.com');
  });

  it('blocks http to anything but loopback', () => {
    blocked('http://example.com', /Only https addresses can be opened/);
    blocked('http://localhost.evil.example/', /Only https/);
    blocked('http://127.0.0.1.nip.io/', /Only https/);
    blocked('http://0.0.0.0:8080/', /Only https/);
    blocked('http://192.168.1.1/', /Only https/);
    blocked('http://[::ffff:127.0.0.1]/', /Only https/);
  });
});

describe('analyzeUrl: other reasons to block', () => {
  it('blocks credentials before the host and shows them', () => {
    const analysis = blocked('https://user:pass@example.com/', /user name or password before the host/);
    assert.equal(analysis.display.userinfo, 'user:pass');
    const trick = blocked('https://github.com@evil.example/', /user name or password/);
    assert.equal(trick.display.host, 'evil.example');
    assert.equal(trick.display.userinfo, 'github.com');
  });

  it('blocks over-long URLs', () => {
    const url = `https://example.com/${'a'.repeat(MAX_URL_LENGTH)}`;
    blocked(url, new RegExp(`${url.length} characters long; at most ${MAX_URL_LENGTH}`));
    allowed(`https://example.com/${'a'.repeat(MAX_URL_LENGTH - 40)}`);
  });

  it('blocks what is not a URL, keeping the text for display', () => {
    const analysis = blocked('not a url', /not a valid web address/);
    assert.equal(analysis.display.rest, 'not a url');
    blocked('', /empty/);
    blocked('https://exa mple.com/', /not a valid/);
    blocked('https://ex\u202Eample.com/', /not a valid/);
  });
});

describe('analyzeUrl: look-alike and misleading hosts are flagged', () => {
  it('flags github with a Cyrillic і: Punycode with its Unicode form, mixed script, look-alike', () => {
    const analysis = allowed('https://gіthub.com/login');
    assert.equal(analysis.display.host, 'xn--gthub-n2e.com');
    assert.equal(analysis.display.hostUnicode, 'gіthub.com');
    assert.equal(analysis.url, 'https://xn--gthub-n2e.com/login');
    assert.deepEqual(new Set(codes(analysis)), new Set(['punycode', 'mixed-script', 'confusable']));
    assert.match(analysis.warnings.find((w) => w.code === 'mixed-script')!.message, /Latin and Cyrillic/);
    assert.match(analysis.warnings.find((w) => w.code === 'confusable')!.message, /looks like GitHub \(github\.com\)/);
    assert.equal(analysis.warnings[0].severity, 'danger');
  });

  it('flags an xn-- host and shows its Unicode form', () => {
    const analysis = allowed('https://xn--80ak6aa92e.com/');
    assert.equal(analysis.display.hostUnicode, 'аррӏе.com');
    const punycode = analysis.warnings.find((w) => w.code === 'punycode');
    assert.ok(punycode);
    assert.match(punycode.message, /reads “аррӏе\.com” and is sent as “xn--80ak6aa92e\.com”/);
    // All Cyrillic, so not mixed: caught as a whole-script look-alike instead.
    assert.ok(codes(analysis).includes('lookalike-script'));
    assert.ok(codes(analysis).includes('confusable'));
    assert.ok(!codes(analysis).includes('mixed-script'));
  });

  it('gives a genuine international name only the Punycode notice', () => {
    assert.deepEqual(codes(allowed('https://bücher.example/')), ['punycode']);
    assert.deepEqual(codes(allowed('https://日本語とカタカナ.jp/')), ['punycode']);
  });

  it('flags ASCII look-alikes of well-known names', () => {
    for (const [url, brand] of [
      ['https://paypa1.com/', 'PayPal'],
      ['https://rnicrosoft.com/', 'Microsoft'],
      ['https://g00gle.com/', 'Google'],
      ['https://anthr0pic.com/', 'Anthropic'],
      ['https://0penai.com/', 'OpenAI'],
      ['https://arnazon.com/', 'Amazon'],
      ['https://gíthub.com/', 'GitHub'],
    ]) {
      const analysis = allowed(url);
      const warning = analysis.warnings.find((w) => w.code === 'confusable');
      assert.ok(warning, `${url} should be flagged`);
      assert.match(warning.message, new RegExp(brand));
      assert.equal(warning.severity, 'danger');
    }
  });

  it('flags a deep subdomain that embeds a known domain', () => {
    const analysis = allowed('https://github.com.evil.example/login');
    assert.equal(analysis.display.registrableDomainGuess, 'evil.example');
    const warning = analysis.warnings.find((w) => w.code === 'brand-in-subdomain');
    assert.ok(warning);
    assert.equal(warning.severity, 'danger');
    assert.match(warning.message, /The site is evil\.example\. “github\.com” is only the start/);
    assert.ok(codes(allowed('https://login.paypal.com.secure.account.verify.example/')).includes('deep-subdomain'));
  });

  it('notes a brand name used by a site that is not the brand', () => {
    assert.deepEqual(codes(allowed('https://github-login.evil.example/')), ['brand-mention']);
    assert.deepEqual(codes(allowed('https://paypal-secure.com/')), ['brand-mention']);
    assert.deepEqual(codes(allowed('https://github.co/')), ['unusual-brand-domain']);
  });

  it('stays quiet for the real sites and their subdomains', () => {
    for (const url of ['https://api.github.com/', 'https://accounts.google.com/o/oauth2', 'https://google.de/', 'https://www.amazon.co.uk/', 'https://claude.ai/', 'https://console.anthropic.com/', 'https://example.com/', 'https://login.microsoftonline.com/common']) {
      assert.deepEqual(codes(allowed(url)), [], url);
    }
  });

  it('flags bare IP addresses and says when they are private', () => {
    const analysis = allowed('https://93.184.216.34/');
    assert.deepEqual(codes(analysis), ['ip-address']);
    assert.doesNotMatch(analysis.warnings[0].message, /private/);
    assert.match(allowed('https://192.168.1.1/').warnings[0].message, /private network/);
    assert.deepEqual(codes(allowed('https://[2001:db8::1]/')), ['ip-address']);
  });

  it('flags a non-standard port but not the default one', () => {
    assert.deepEqual(codes(allowed('https://example.com:8443/')), ['non-standard-port']);
    assert.deepEqual(codes(allowed('https://example.com:443/')), []);
  });

  it('warns when invisible or control characters were removed', () => {
    const analysis = allowed('https://exa\u200Bmple.com/');
    assert.equal(analysis.url, 'https://example.com/');
    assert.deepEqual(codes(analysis), ['invisible-characters']);
    const bidi = allowed('https://example.com/\u202Egnp.exe');
    assert.ok(codes(bidi).includes('invisible-characters'));
    assert.equal(bidi.display.rest, '/%E2%80%AEgnp.exe');
  });

  it('lists the most severe warning first', () => {
    const analysis = allowed('https://gіthub.com:8443/');
    const order = { danger: 0, caution: 1, info: 2 };
    const severities = analysis.warnings.map((warning) => order[warning.severity]);
    assert.deepEqual(severities, [...severities].sort((a, b) => a - b));
    assert.equal(analysis.warnings[0].severity, 'danger');
  });
});

describe('isLoopbackHost', () => {
  it('accepts only 127.0.0.0/8, [::1] and localhost', () => {
    for (const host of ['127.0.0.1', '127.255.255.254', '[::1]', 'localhost']) assert.equal(isLoopbackHost(host), true, host);
    for (const host of ['128.0.0.1', '0.0.0.0', 'localhost.', 'sub.localhost', '[::ffff:7f00:1]', '127.0.0.1.nip.io', '']) {
      assert.equal(isLoopbackHost(host), false, host);
    }
  });
});

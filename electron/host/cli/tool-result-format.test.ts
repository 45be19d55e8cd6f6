import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatToolResult } from './tool-result-format.ts';
import { oneLine, terminalSafe } from './terminal-text.ts';

test('each kind of content block reads as a person expects', () => {
  const png = Buffer.from([137, 80, 78, 71, 1, 2, 3]);
  const text = formatToolResult({
    content: [
      { type: 'text', text: 'first' },
      { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
      { type: 'audio', data: Buffer.alloc(10).toString('base64'), mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///a.txt', name: 'a', mimeType: 'text/plain', description: 'the a file' },
      { type: 'resource', resource: { uri: 'mem://note', mimeType: 'text/markdown', text: '# note' } },
      { type: 'resource', resource: { uri: 'mem://bin', blob: Buffer.alloc(5).toString('base64') } },
    ],
    structuredContent: { ok: true },
  });
  assert.equal(
    text,
    [
      'first',
      '[image image/png, 7 bytes]',
      '[audio audio/wav, 10 bytes]',
      '[resource link a: file:///a.txt (text/plain)]',
      'the a file',
      '[resource mem://note (text/markdown)]',
      '# note',
      '[resource mem://bin, 5 bytes]',
      'structuredContent:',
      '{',
      '  "ok": true',
      '}',
      '',
    ].join('\n'),
  );
});

test('an empty result prints nothing', () => {
  assert.equal(formatToolResult({ content: [] }), '');
});

test('escape sequences from a server cannot reach the terminal', () => {
  const hostile = 'ok\u001b]52;c;ZXZpbA==\u0007\u001b[2J\rhidden\u009b31m\ttab\nnext';
  const printed = formatToolResult({ content: [{ type: 'text', text: hostile }] });
  assert.doesNotMatch(printed, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  assert.match(printed, /\ttab\nnext\n$/);
  assert.equal(terminalSafe('a\rb'), 'ab');
  assert.equal(oneLine('  spawn failed:\n  ENOENT\t(x) '), 'spawn failed: ENOENT (x)');
});

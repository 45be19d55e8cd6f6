import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asciiLookalike, isMixedScript, scriptsOf, skeleton } from './confusables.ts';

describe('skeleton', () => {
  it('makes look-alikes equal', () => {
    const pairs: [string, string][] = [
      ['gіthub', 'github'], // Cyrillic і
      ['раураl', 'paypal'], // Cyrillic р а у
      ['αpple', 'apple'], // Greek α
      ['օpenai', 'openai'], // Armenian օ
      ['rnicrosoft', 'microsoft'],
      ['vvhatsapp', 'whatsapp'],
      ['clropbox', 'dropbox'],
      ['g00gle', 'google'],
      ['app1e', 'apple'],
      ['ｇｉｔｈｕｂ', 'github'], // full-width
      ['gíthub', 'github'], // accent
      ['git\u200Bhub', 'github'], // zero-width space
      ['GitHub', 'github'],
    ];
    for (const [lookalike, real] of pairs) assert.equal(skeleton(lookalike), skeleton(real), `${lookalike} ~ ${real}`);
  });

  it('keeps different names apart', () => {
    for (const [a, b] of [['github', 'gitlab'], ['paypal', 'paypals'], ['apple', 'maple'], ['openai', 'openal']]) {
      assert.notEqual(skeleton(a), skeleton(b), `${a} vs ${b}`);
    }
  });
});

describe('scripts', () => {
  it('names the scripts of a label, ignoring digits and hyphens', () => {
    assert.deepEqual([...scriptsOf('gіthub-2')], ['Latin', 'Cyrillic']);
    assert.deepEqual([...scriptsOf('123-456')], []);
  });

  it('flags Latin mixed with Cyrillic or Greek, not CJK combinations UTS #39 allows', () => {
    assert.equal(isMixedScript('gіthub'), true);
    assert.equal(isMixedScript('pαypal'), true);
    assert.equal(isMixedScript('аррӏе'), false);
    assert.equal(isMixedScript('bücher'), false);
    assert.equal(isMixedScript('日本語とカタカナ'), false);
    assert.equal(isMixedScript('sony日本'), false);
    assert.equal(isMixedScript('한국abc'), false);
    assert.equal(isMixedScript('한국カタ'), true);
  });

  it('finds the Latin word a whole-script look-alike imitates', () => {
    assert.equal(asciiLookalike('аррӏе'), 'apple');
    assert.equal(asciiLookalike('apple'), undefined);
    assert.equal(asciiLookalike('bücher'), undefined);
    assert.equal(asciiLookalike('пример'), undefined);
  });
});

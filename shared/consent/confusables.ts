/**
 * Look-alike detection for host names, after the ideas of UTS #39 (Unicode Security Mechanisms): § 4 a
 * "skeleton" under which strings that look the same become equal, and § 5.1 mixed-script detection with the
 * § 5.2 "Highly Restrictive" exceptions for CJK. The map is small and our own: the letters that turn up in
 * phishing domains, not the whole of confusables.txt.
 */

/** Letters that render like a Latin letter or digit, to what they imitate. Keys are lower case. */
const PROTOTYPES = new Map<string, string>([
  // Cyrillic
  ['а', 'a'], ['е', 'e'], ['і', 'i'], ['ј', 'j'], ['о', 'o'], ['р', 'p'], ['с', 'c'], ['у', 'y'], ['х', 'x'],
  ['ѕ', 's'], ['ԁ', 'd'], ['ԛ', 'q'], ['ԝ', 'w'], ['һ', 'h'], ['ӏ', 'l'], ['ү', 'y'],
  // Greek
  ['α', 'a'], ['ο', 'o'], ['ρ', 'p'], ['ν', 'v'], ['υ', 'u'], ['ι', 'i'], ['κ', 'k'], ['χ', 'x'], ['ϲ', 'c'],
  ['ϳ', 'j'], ['γ', 'y'], ['ω', 'w'],
  // Armenian
  ['օ', 'o'], ['ո', 'n'], ['ս', 'u'], ['հ', 'h'], ['ց', 'g'], ['զ', 'q'],
  // Latin letters that are not ASCII and have no decomposition
  ['ı', 'i'], ['ɩ', 'i'], ['ɑ', 'a'], ['ɡ', 'g'], ['ʋ', 'u'],
  // ASCII digits read as letters in a host name
  ['0', 'o'], ['1', 'l'],
]);

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const MARKS = /\p{M}/gu;

/** Folds width and styled forms, drops invisible characters and accents, and maps look-alikes to Latin. */
function latinLook(text: string): string {
  const folded = text.replace(IGNORABLE, '').normalize('NFKD').replace(MARKS, '').toLowerCase();
  let out = '';
  for (const char of folded) out += PROTOTYPES.get(char) ?? char;
  return out;
}

/**
 * Two host labels that look alike have the same skeleton. Unlike UTS #39 this also drops accents, because
 * "gíthub" passes for "github" at the size of an address bar. Multi-letter look-alikes ("rn" for "m") are
 * spelled out so that both sides compare in the same form.
 */
export function skeleton(text: string): string {
  return latinLook(text).replace(/m/g, 'rn').replace(/w/g, 'vv').replace(/d/g, 'cl');
}

/**
 * The ASCII a label in another script imitates ("аррӏе" → "apple"), when every letter of it has a Latin twin.
 * Latin with accents ("bücher") is a real word, not an imitation.
 */
export function asciiLookalike(label: string): string | undefined {
  if (/^[\u0020-\u007e]*$/.test(label) || scriptsOf(label).has('Latin')) return undefined;
  const look = latinLook(label);
  return /^[a-z0-9-]+$/.test(look) ? look : undefined;
}

const SCRIPTS = [
  'Latin', 'Cyrillic', 'Greek', 'Armenian', 'Georgian', 'Cherokee', 'Coptic', 'Arabic', 'Hebrew', 'Syriac', 'Thaana',
  'Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo', 'Thai', 'Lao', 'Khmer', 'Myanmar', 'Tibetan', 'Mongolian',
  'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala',
  'Ethiopic', 'Runic', 'Ogham',
].map((name) => ({ name, pattern: new RegExp(`\\p{Script=${name}}`, 'u') }));

const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** The scripts a text is written in, leaving out digits, punctuation and combining marks, which every script shares. */
export function scriptsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const char of text) {
    if (NEUTRAL.test(char)) continue;
    found.add(SCRIPTS.find((script) => script.pattern.test(char))?.name ?? 'Other');
  }
  return found;
}

/** Japanese, Chinese and Korean names mix scripts by nature; UTS #39 § 5.2 allows these sets with Latin. */
const ALLOWED_MIXES: readonly ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** True when one label mixes scripts in a way no language needs, the mark of a homograph (Latin with Cyrillic, …). */
export function isMixedScript(label: string): boolean {
  const scripts = scriptsOf(label);
  if (scripts.size <= 1) return false;
  return !ALLOWED_MIXES.some((allowed) => [...scripts].every((script) => allowed.has(script)));
}

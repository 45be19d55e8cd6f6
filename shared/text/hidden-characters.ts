/**
 * Invisible and direction-changing characters in text someone else wrote: what they are, where they are, and
 * a way to write them out so a person (or a model) sees them. One implementation for every dialog, view and
 * for what reaches the model (issue #7, item 3). A right-to-left override makes `read_notes‮eteled` read as
 * "read_notesdelete"; 72 TAG characters can carry a whole sentence no one sees.
 */

export type HiddenClass = 'bidi' | 'zero-width' | 'tag' | 'variation-selector' | 'filler' | 'format' | 'control';

/** In the order a summary lists them. */
export const HIDDEN_CLASSES: readonly HiddenClass[] = ['tag', 'bidi', 'zero-width', 'variation-selector', 'filler', 'format', 'control'];

export const HIDDEN_CLASS_LABELS: Readonly<Record<HiddenClass, string>> = {
  tag: 'TAG',
  bidi: 'direction control',
  'zero-width': 'zero-width',
  'variation-selector': 'variation selector',
  filler: 'blank filler',
  format: 'invisible format',
  control: 'control',
};

export interface HiddenOptions {
  /**
   * `text` (the default) treats tab, line feed and carriage return as ordinary: prose has them. `strict` counts
   * them too, for text where a line break is itself suspicious (a command line, an address).
   */
  mode?: 'text' | 'strict';
}

export type TextSegment =
  | { kind: 'text'; text: string }
  | {
      kind: 'hidden';
      /** The characters as they were sent. */
      raw: string;
      class: HiddenClass;
      /** How many characters (code points) this segment stands for: a run of one repeated character, or of TAGs. */
      count: number;
      /** The written-out form, e.g. `<U+202E>`, `<U+200B×3>`. */
      visible: string;
      /** What they are, in words, for a tooltip or a screen reader. */
      description: string;
      /** What a run of TAG characters spells (they mirror printable ASCII). */
      decoded?: string;
    };

export interface HiddenSummary {
  /** Hidden characters (code points). */
  count: number;
  /** Their classes, in `HIDDEN_CLASSES` order. */
  classes: HiddenClass[];
}

const CANDIDATE =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Variation_Selector}\u115F\u1160\u3164\uFFA0\u2800\u2028\u2029]/u;
/** The same without tab, line feed and carriage return, so most prose takes the fast path. */
const PROSE_CANDIDATE =
  /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Variation_Selector}\u115F\u1160\u3164\uFFA0\u2800\u2028\u2029]/u;

function mayHide(text: string, options: HiddenOptions): boolean {
  return (options.mode === 'strict' ? CANDIDATE : PROSE_CANDIDATE).test(text);
}
const BIDI = /\p{Bidi_Control}/u;
const VARIATION = /\p{Variation_Selector}/u;
const CONTROL = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
const FORMAT = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);
/** Letters that draw nothing: Hangul fillers, the grapheme joiner, Khmer inherent vowels, the blank Braille cell. */
const FILLERS = new Set([0x115f, 0x1160, 0x3164, 0xffa0, 0x034f, 0x17b4, 0x17b5, 0x2800]);
const PROSE_WHITESPACE = new Set([0x09, 0x0a, 0x0d]);
const EMOJI_MODIFIERS = /[\u{1F3FB}-\u{1F3FF}]/u;

const NAMES: Readonly<Record<number, string>> = {
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x2800: 'BRAILLE PATTERN BLANK',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
  0xe0001: 'LANGUAGE TAG',
  0xe007f: 'CANCEL TAG',
};

const isTag = (codePoint: number) => codePoint >= 0xe0000 && codePoint <= 0xe007f;

export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The class of one character, or undefined for an ordinary one. Emoji context is judged by `hiddenSegments`. */
export function classifyCodePoint(codePoint: number, options: HiddenOptions = {}): HiddenClass | undefined {
  const char = String.fromCodePoint(codePoint);
  if (!CANDIDATE.test(char)) return undefined;
  if (isTag(codePoint)) return 'tag';
  if (BIDI.test(char)) return 'bidi';
  if (ZERO_WIDTH.has(codePoint)) return 'zero-width';
  if (VARIATION.test(char)) return 'variation-selector';
  if (FILLERS.has(codePoint)) return 'filler';
  if (CONTROL.test(char)) return options.mode !== 'strict' && PROSE_WHITESPACE.has(codePoint) ? undefined : 'control';
  if (FORMAT.test(char)) return 'format';
  return undefined;
}

function nameOf(codePoint: number, hiddenClass: HiddenClass): string {
  const known = NAMES[codePoint];
  if (known) return known;
  if (codePoint >= 0xfe00 && codePoint <= 0xfe0f) return `VARIATION SELECTOR-${codePoint - 0xfe00 + 1}`;
  if (codePoint >= 0xe0100 && codePoint <= 0xe01ef) return `VARIATION SELECTOR-${codePoint - 0xe0100 + 17}`;
  if (codePoint >= 0xe0020 && codePoint <= 0xe007e) return `TAG ${JSON.stringify(String.fromCharCode(codePoint - 0xe0000))}`;
  return `${HIDDEN_CLASS_LABELS[hiddenClass]} character`;
}

/**
 * A single emoji presentation selector after a pictograph (❤️, 1️⃣) and a zero-width joiner inside an emoji
 * sequence (👩‍💻) are how emoji are written, not hidden text. Runs of selectors (the "emoji smuggling" trick)
 * and joiners anywhere else still count.
 */
function isEmojiGlue(chars: readonly string[], index: number): boolean {
  const codePoint = chars[index].codePointAt(0)!;
  const before = chars[index - 1];
  const after = chars[index + 1];
  if (codePoint === 0xfe0f || codePoint === 0xfe0e) {
    if (before === undefined) return false;
    if (PICTOGRAPHIC.test(before)) return true;
    return /^[0-9#*]$/.test(before) && after === '\u20e3';
  }
  if (codePoint === 0x200d) {
    if (before === undefined || after === undefined || !PICTOGRAPHIC.test(after)) return false;
    if (PICTOGRAPHIC.test(before)) return true;
    const beforeThat = chars[index - 2];
    return (before === '\ufe0f' || EMOJI_MODIFIERS.test(before)) && beforeThat !== undefined && PICTOGRAPHIC.test(beforeThat);
  }
  return false;
}

function tagSegment(codePoints: readonly number[]): TextSegment {
  const decoded = codePoints
    .filter((codePoint) => codePoint >= 0xe0020 && codePoint <= 0xe007e)
    .map((codePoint) => String.fromCharCode(codePoint - 0xe0000))
    .join('');
  const first = codePointLabel(codePoints[0]);
  const last = codePointLabel(codePoints[codePoints.length - 1]);
  const range = codePoints.length === 1 ? first : `${first}…${last}`;
  const spelled = decoded === '' ? '' : ` spelling ${JSON.stringify(decoded)}`;
  const count = codePoints.length;
  return {
    kind: 'hidden',
    raw: String.fromCodePoint(...codePoints),
    class: 'tag',
    count,
    visible: `<${range} ${count === 1 ? 'TAG' : `${count} TAGs`}${decoded === '' ? '' : ` ${JSON.stringify(decoded)}`}>`,
    description: `${count === 1 ? 'A hidden TAG character' : `${count} hidden TAG characters`} (${range})${spelled}`,
    ...(decoded === '' ? {} : { decoded }),
  };
}

function runSegment(codePoint: number, hiddenClass: HiddenClass, count: number): TextSegment {
  const label = codePointLabel(codePoint);
  const times = count === 1 ? '' : `×${count}`;
  return {
    kind: 'hidden',
    raw: String.fromCodePoint(codePoint).repeat(count),
    class: hiddenClass,
    count,
    visible: `<${label}${times}>`,
    description: `${count === 1 ? 'Hidden character' : `${count} hidden characters`} ${label} ${nameOf(codePoint, hiddenClass)} (${HIDDEN_CLASS_LABELS[hiddenClass]})`,
  };
}

/** The text as plain pieces and hidden ones; plain text is returned as one piece when nothing is hidden. */
export function hiddenSegments(text: string, options: HiddenOptions = {}): TextSegment[] {
  if (!mayHide(text, options)) return text === '' ? [] : [{ kind: 'text', text }];
  const chars = [...text];
  const segments: TextSegment[] = [];
  let plain = '';
  let index = 0;
  while (index < chars.length) {
    const codePoint = chars[index].codePointAt(0)!;
    const hiddenClass = classifyCodePoint(codePoint, options);
    if (hiddenClass === undefined || isEmojiGlue(chars, index)) {
      plain += chars[index++];
      continue;
    }
    if (plain !== '') segments.push({ kind: 'text', text: plain });
    plain = '';
    if (hiddenClass === 'tag') {
      const run: number[] = [];
      while (index < chars.length && isTag(chars[index].codePointAt(0)!)) run.push(chars[index++].codePointAt(0)!);
      segments.push(tagSegment(run));
    } else {
      let count = 0;
      while (index < chars.length && chars[index] === chars[index - count] && !isEmojiGlue(chars, index)) {
        count++;
        index++;
      }
      segments.push(runSegment(codePoint, hiddenClass, count));
    }
  }
  if (plain !== '') segments.push({ kind: 'text', text: plain });
  return segments;
}

/** The text with every hidden character written out, e.g. `read_notes<U+202E>eteled`. Plain text comes back unchanged. */
export function writeOutHidden(text: string, options: HiddenOptions = {}): string {
  if (!mayHide(text, options)) return text;
  return hiddenSegments(text, options)
    .map((segment) => (segment.kind === 'text' ? segment.text : segment.visible))
    .join('');
}

export function hasHidden(text: string, options: HiddenOptions = {}): boolean {
  if (!mayHide(text, options)) return false;
  return hiddenSegments(text, options).some((segment) => segment.kind === 'hidden');
}

export function summarizeHidden(text: string, options: HiddenOptions = {}): HiddenSummary {
  const found = new Set<HiddenClass>();
  let count = 0;
  for (const segment of hiddenSegments(text, options)) {
    if (segment.kind !== 'hidden') continue;
    count += segment.count;
    found.add(segment.class);
  }
  return { count, classes: HIDDEN_CLASSES.filter((hiddenClass) => found.has(hiddenClass)) };
}

/** Adds summaries together, e.g. over every string of a tool. */
export function addSummaries(summaries: readonly HiddenSummary[]): HiddenSummary {
  const found = new Set(summaries.flatMap((summary) => summary.classes));
  return {
    count: summaries.reduce((total, summary) => total + summary.count, 0),
    classes: HIDDEN_CLASSES.filter((hiddenClass) => found.has(hiddenClass)),
  };
}

/** "72 hidden characters (TAG, zero-width)". */
export function describeSummary(summary: HiddenSummary): string {
  const classes = summary.classes.map((hiddenClass) => HIDDEN_CLASS_LABELS[hiddenClass]).join(', ');
  return `${summary.count} hidden character${summary.count === 1 ? '' : 's'} (${classes})`;
}

import { createLowlight } from 'lowlight';
import type { LanguageFn } from 'lowlight';
import type { Element, ElementContent, Root } from 'hast';
import { toText } from 'hast-util-to-text';
import { visit } from 'unist-util-visit';

/**
 * The grammars a code block can be highlighted with, each a chunk of its own fetched the first time an answer
 * has a block in that language (all of them up front were ~250 KB of the Markdown chunk).
 */
const loaders: Record<string, () => Promise<{ default: LanguageFn }>> = {
  arduino: () => import('highlight.js/lib/languages/arduino'),
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  go: () => import('highlight.js/lib/languages/go'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  ini: () => import('highlight.js/lib/languages/ini'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  less: () => import('highlight.js/lib/languages/less'),
  lua: () => import('highlight.js/lib/languages/lua'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  objectivec: () => import('highlight.js/lib/languages/objectivec'),
  perl: () => import('highlight.js/lib/languages/perl'),
  php: () => import('highlight.js/lib/languages/php'),
  plaintext: () => import('highlight.js/lib/languages/plaintext'),
  python: () => import('highlight.js/lib/languages/python'),
  r: () => import('highlight.js/lib/languages/r'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  scss: () => import('highlight.js/lib/languages/scss'),
  shell: () => import('highlight.js/lib/languages/shell'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  vbnet: () => import('highlight.js/lib/languages/vbnet'),
  wasm: () => import('highlight.js/lib/languages/wasm'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
};

const aliases: Record<string, string> = {
  sh: 'bash', zsh: 'bash', console: 'shell', js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript',
  ts: 'typescript', tsx: 'typescript', mts: 'typescript', py: 'python', rb: 'ruby', rs: 'rust', golang: 'go',
  yml: 'yaml', html: 'xml', svg: 'xml', xhtml: 'xml', 'c++': 'cpp', 'c#': 'csharp', cs: 'csharp', kt: 'kotlin',
  md: 'markdown', text: 'plaintext', txt: 'plaintext', patch: 'diff', jsonc: 'json', docker: 'dockerfile', objc: 'objectivec',
};

const lowlight = createLowlight();
const loading = new Map<string, Promise<void>>();
let loadedCount = 0;

/** `ts` → `typescript`; undefined for a language there is no grammar for. */
export function grammarName(tag: string): string | undefined {
  const lower = tag.toLowerCase();
  const name = aliases[lower] ?? lower;
  return Object.hasOwn(loaders, name) ? name : undefined;
}

/** The grammars a Markdown text's fenced code blocks ask for (```ts, ~~~python). */
export function fenceGrammars(markdown: string): string[] {
  const names = new Set<string>();
  for (const match of markdown.matchAll(/^ {0,3}(?:```|~~~)[ \t]*([^\s`{}]+)/gmu)) {
    const name = grammarName(match[1]);
    if (name) names.add(name);
  }
  return [...names];
}

/** Grows each time a grammar arrives: what rendered before it may now be highlighted. */
export function grammarsLoaded(): number {
  return loadedCount;
}

export function isGrammarLoaded(name: string): boolean {
  return lowlight.registered(name);
}

/** Fetches the grammars not yet registered; settles once all have arrived (a failed fetch leaves that block plain). */
export function loadGrammars(names: readonly string[]): Promise<void> {
  return Promise.all(
    names.map((name) => {
      let pending = loading.get(name);
      if (!pending) {
        pending = loaders[name]().then(
          (module) => {
            lowlight.register(name, module.default);
            loadedCount++;
          },
          () => undefined,
        );
        loading.set(name, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

function languageOf(node: Element): string | undefined {
  const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
  for (const value of classes) {
    const name = String(value);
    if (name === 'no-highlight' || name === 'nohighlight') return undefined;
    if (name.startsWith('language-')) return name.slice('language-'.length);
    if (name.startsWith('lang-')) return name.slice('lang-'.length);
  }
  return undefined;
}

/**
 * A rehype transform like rehype-highlight's, over the grammars loaded so far: a block whose grammar has not
 * arrived stays plain text until it does. Unnamed languages are not guessed (as before).
 */
export function highlightLoaded() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, _index, parent) => {
      if (node.tagName !== 'code' || parent?.type !== 'element' || parent.tagName !== 'pre') return;
      const tag = languageOf(node);
      const name = tag ? grammarName(tag) : undefined;
      if (!name || !lowlight.registered(name)) return;
      const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
      if (!classes.includes('hljs')) node.properties.className = ['hljs', ...classes];
      const result = lowlight.highlight(name, toText(node, { whitespace: 'pre' }));
      if (result.children.length > 0) node.children = result.children as ElementContent[];
    });
  };
}

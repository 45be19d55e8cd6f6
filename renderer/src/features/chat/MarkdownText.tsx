import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import type { LinkOpenOutcome } from '../../../../shared/api/human-api.ts';
import { useHostApi } from '../../app/host-context.tsx';
import { errorMessage } from '../../components/error-message.ts';
import Markdown from 'react-markdown';
import type { Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { fenceGrammars, grammarsLoaded, highlightLoaded, isGrammarLoaded, loadGrammars } from './code-highlight.ts';
import { markdownSegments } from './markdown-blocks.ts';

// react-markdown runs every plugin's attacher on each render: attach one transformer, built once.
const highlight = highlightLoaded();
const remarkPlugins = [remarkGfm];
const rehypePlugins = [() => highlight];
// No address ever reaches an href or src here, so keep what the model wrote: the default would blank a
// javascript: link, and the person would see neither the address nor why it does not open.
const keepUrl = (url: string) => url;

/**
 * Model output is untrusted: raw HTML stays text (react-markdown's default), links show their real address
 * and open only through the host's open-url question, and images are not fetched (a tracking pixel would phone home).
 */
const components: Components = {
  a: ({ href, children }) => <ChatLink href={href}>{children}</ChatLink>,
  img: ({ src, alt }) => (
    <span className="md-image">
      [image{alt ? `: ${alt}` : ''}]{typeof src === 'string' && src ? <span className="md-link-url"> {src}</span> : null}
    </span>
  ),
  pre: CodeBlock,
};

type LinkState = { phase: 'idle' } | { phase: 'asking' } | { phase: 'done'; outcome: LinkOpenOutcome; reason?: string } | { phase: 'failed'; message: string };

/**
 * A button, not an anchor: nothing navigates this window or opens a tab by itself. The host asks the person
 * (with its analysis of the address) and, in browser mode, the consent dialog opens the page.
 */
function ChatLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  const api = useHostApi();
  const [state, setState] = useState<LinkState>({ phase: 'idle' });
  const label = typeof children === 'string' ? children : undefined;
  if (!href) return <span className="md-link">{children}</span>;
  const open = () => {
    // One question per link at a time: a second click would only queue a second dialog.
    if (state.phase === 'asking') return;
    setState({ phase: 'asking' });
    api.call('links.open', { url: href, source: 'a link in the chat' }).then(
      ({ outcome, reason }) => setState({ phase: 'done', outcome, reason }),
      (failure: unknown) => setState({ phase: 'failed', message: errorMessage(failure) }),
    );
  };
  return (
    <span className="md-link">
      <button type="button" className="md-link-open" aria-haspopup="dialog" aria-disabled={state.phase === 'asking'} onClick={open}>
        {children}
        {href !== label && <span className="md-link-url"> ({href})</span>}
      </button>
      <LinkNote state={state} />
    </span>
  );
}

const sentence = (text: string) => `${text.replace(/\.$/, '')}.`;

function LinkNote({ state }: { state: LinkState }) {
  let text: string | undefined;
  if (state.phase === 'failed') text = sentence(`Could not open: ${state.message}`);
  else if (state.phase === 'done' && state.outcome === 'blocked') text = sentence(`Blocked: ${state.reason ?? 'this address cannot be opened'}`);
  else if (state.phase === 'done' && state.outcome === 'declined') text = state.reason ? sentence(`Not opened: ${state.reason}`) : 'Not opened.';
  return (
    <span role="status" className={text ? 'md-link-note' : undefined}>
      {text}
    </span>
  );
}

function CodeBlock({ children, node: _node, ...props }: ComponentProps<'pre'> & { node?: unknown }) {
  const ref = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = () => {
    const text = ref.current?.textContent ?? '';
    navigator.clipboard?.writeText(text).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      () => setCopied(false),
    );
  };
  return (
    <div className="md-code">
      <button type="button" className="button button-small md-copy" onClick={copy}>
        {copied ? 'Copied' : 'Copy'}
      </button>
      <pre ref={ref} {...props}>
        {children}
      </pre>
    </div>
  );
}

/**
 * Segments that did not change keep their rendering: while an answer streams only its last segment is parsed
 * again. `grammars` changes when a code grammar arrives, so a block waiting for it is highlighted then.
 */
const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string; grammars: number }) {
  return (
    <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components} urlTransform={keepUrl}>
      {text}
    </Markdown>
  );
});

export function MarkdownText({ text }: { text: string }) {
  const segments = useMemo(() => markdownSegments(text), [text]);
  const missing = useMemo(() => fenceGrammars(text).filter((name) => !isGrammarLoaded(name)), [text]);
  const [grammars, setGrammars] = useState(grammarsLoaded);
  const missingKey = missing.join(' ');
  useEffect(() => {
    if (!missingKey) return;
    let current = true;
    loadGrammars(missingKey.split(' ')).then(() => current && setGrammars(grammarsLoaded()));
    return () => {
      current = false;
    };
  }, [missingKey]);
  return (
    <div className="markdown">
      {segments.map((segment, index) => (
        <div key={index} className={index < segments.length - 1 ? 'md-segment md-segment-done' : 'md-segment'}>
          <MarkdownBlock text={segment} grammars={grammars} />
        </div>
      ))}
    </div>
  );
}

import { memo, useMemo, useRef, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import Markdown from 'react-markdown';
import type { Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { markdownSegments } from './markdown-blocks.ts';

// react-markdown runs every plugin's attacher on each render, and rehype-highlight's builds a fresh highlighter
// with every language grammar each time: attach one transformer, built once, instead.
const highlight = rehypeHighlight();
const remarkPlugins = [remarkGfm];
const rehypePlugins = [() => highlight];

/**
 * Model output is untrusted: raw HTML stays text (react-markdown's default), links are shown with their
 * address and never followed on a click, and images are not fetched (a tracking pixel would phone home).
 */
const components: Components = {
  a: ({ href, children }) => <ShownLink href={href}>{children}</ShownLink>,
  img: ({ src, alt }) => (
    <span className="md-image">
      [image{alt ? `: ${alt}` : ''}]{typeof src === 'string' && src ? <span className="md-link-url"> {src}</span> : null}
    </span>
  ),
  pre: CodeBlock,
};

function ShownLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  const label = typeof children === 'string' ? children : undefined;
  return (
    <span className="md-link" title={href}>
      {children}
      {href && href !== label && <span className="md-link-url"> ({href})</span>}
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

/** Segments that did not change keep their rendering: while an answer streams only its last segment is parsed again. */
const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
      {text}
    </Markdown>
  );
});

export function MarkdownText({ text }: { text: string }) {
  const segments = useMemo(() => markdownSegments(text), [text]);
  return (
    <div className="markdown">
      {segments.map((segment, index) => (
        <div key={index} className={index < segments.length - 1 ? 'md-segment md-segment-done' : 'md-segment'}>
          <MarkdownBlock text={segment} />
        </div>
      ))}
    </div>
  );
}

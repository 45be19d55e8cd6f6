import { use } from 'react';
import type { SyntheticEvent } from 'react';
import { ResourceLinkAction } from './resource-link-action.ts';
import type { ContentBlock, EmbeddedResource, ResourceLink } from '@modelcontextprotocol/client';
import { JsonView } from '../JsonView.tsx';
import { ServerText } from '../ServerText.tsx';
import { base64Bytes, formatBytes, isSafeMediaType } from './content-size.ts';

type ResourceContents = EmbeddedResource['resource'];

/** One content block from a server. Everything is rendered as text or inert media; nothing is opened. */
export function ContentBlockView({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'text':
      return <pre className="content-text"><ServerText text={block.text} /></pre>;
    case 'image':
      return isSafeMediaType(block.mimeType, 'image') ? (
        <figure className="content-media">
          <img
            src={`data:${block.mimeType};base64,${block.data}`}
            alt={`Image from the server (${block.mimeType})`}
            onLoad={markTiny}
          />
          <figcaption>
            {block.mimeType} · {formatBytes(base64Bytes(block.data))}
          </figcaption>
        </figure>
      ) : (
        <BlobSummary kind="Image" mimeType={block.mimeType} data={block.data} />
      );
    case 'audio':
      return isSafeMediaType(block.mimeType, 'audio') ? (
        <figure className="content-media">
          <audio controls src={`data:${block.mimeType};base64,${block.data}`} aria-label={`Audio from the server (${block.mimeType})`} />
          <figcaption>
            {block.mimeType} · {formatBytes(base64Bytes(block.data))}
          </figcaption>
        </figure>
      ) : (
        <BlobSummary kind="Audio" mimeType={block.mimeType} data={block.data} />
      );
    case 'resource_link':
      return <ResourceLinkView link={block} />;
    case 'resource':
      return <ResourceContentsView contents={block.resource} />;
    default:
      return <JsonView value={block} label="Unrecognised content" />;
  }
}

/** Icons and test images of a few pixels would be specks; show them enlarged with crisp pixels. */
function markTiny(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (image.naturalWidth > 0 && image.naturalWidth < 48 && image.naturalHeight < 48) image.classList.add('tiny-image');
}

function BlobSummary({ kind, mimeType, data }: { kind: string; mimeType?: string; data: string }) {
  return (
    <p className="content-blob">
      {kind} · {mimeType ?? 'unknown type'} · {formatBytes(base64Bytes(data))} (not shown)
    </p>
  );
}

/** A link the server offers; shown, not followed. */
function ResourceLinkView({ link }: { link: ResourceLink }) {
  const action = use(ResourceLinkAction);
  return (
    <div className="content-link">
      <span className="content-kind">Resource link</span>
      <strong><ServerText text={link.title ?? link.name} /></strong>
      <code className="uri"><ServerText text={link.uri} /></code>
      {link.description && <p className="muted"><ServerText text={link.description} /></p>}
      {link.mimeType && <span className="muted">{link.mimeType}</span>}
      {action?.(link)}
    </div>
  );
}

export function ResourceContentsView({ contents }: { contents: ResourceContents }) {
  const mimeType = contents.mimeType;
  return (
    <div className="content-resource">
      <div className="content-resource-head">
        <span className="content-kind">Resource</span>
        <code className="uri"><ServerText text={contents.uri} /></code>
        {mimeType && <span className="muted">{mimeType}</span>}
      </div>
      {'text' in contents && typeof contents.text === 'string' ? (
        <pre className="content-text"><ServerText text={contents.text} /></pre>
      ) : 'blob' in contents && typeof contents.blob === 'string' ? (
        isSafeMediaType(mimeType, 'image') ? (
          <img className="content-media" src={`data:${mimeType};base64,${contents.blob}`} alt={`Image resource ${contents.uri}`} />
        ) : (
          <BlobSummary kind="Binary" mimeType={mimeType} data={contents.blob} />
        )
      ) : (
        <JsonView value={contents} />
      )}
    </div>
  );
}

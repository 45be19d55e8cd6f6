import type { SamplingMessageContentBlock } from '@modelcontextprotocol/client';
import { ContentBlockView } from '../../components/tool-result/ContentBlockView.tsx';
import { JsonView } from '../../components/JsonView.tsx';
import { ServerText } from '../../components/ServerText.tsx';

/**
 * One message of a sampling request or reply as the person reviews it: text, images shown and audio playable
 * (only safe media types, as in tool results), the model's tool calls with their arguments, and tool results.
 */
export function SamplingContent({ content }: { content: SamplingMessageContentBlock | SamplingMessageContentBlock[] }) {
  const blocks = Array.isArray(content) ? content : [content];
  return (
    <div className="sampling-content">
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'text':
            return <p key={index} className="consent-message-text"><ServerText text={block.text} /></p>;
          case 'image':
          case 'audio':
            return <ContentBlockView key={index} block={block} />;
          case 'tool_use':
            return (
              <div key={index} className="sampling-tool-use">
                <p className="muted small">
                  Tool call <code><ServerText text={block.name} /></code> (<ServerText text={block.id} />)
                </p>
                <JsonView value={block.input} />
              </div>
            );
          case 'tool_result':
            return (
              <div key={index} className="sampling-tool-result">
                <p className="muted small">
                  Result of tool call <ServerText text={block.toolUseId} />
                  {block.isError ? ' (an error)' : ''}
                </p>
                {block.content.map((part, at) => (
                  <ContentBlockView key={at} block={part} />
                ))}
              </div>
            );
          default:
            return <p key={index} className="muted small">Content of an unknown kind</p>;
        }
      })}
    </div>
  );
}

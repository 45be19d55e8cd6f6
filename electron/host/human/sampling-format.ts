import type { ContentBlockParam, ImageBlockParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { CreateMessageRequestParams, SamplingMessageContentBlock } from '@modelcontextprotocol/client';
import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
} from 'openai/resources/chat/completions';
import type { ProviderId } from '../../../shared/chat/chat-types.ts';
import { writeOutHidden } from '../../../shared/text/hidden-characters.ts';
import type { SamplingTurn } from '../chat/providers/provider.ts';

/** What the Messages API takes as an image (https://docs.anthropic.com/en/docs/build-with-claude/vision). */
const ANTHROPIC_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
/** What Chat Completions takes as `input_audio`. */
const OPENAI_AUDIO_FORMATS: Record<string, 'wav' | 'mp3'> = { 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/wave': 'wav', 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3' };

function invalid(message: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, message);
}

function blocksOf(content: SamplingMessageContentBlock | SamplingMessageContentBlock[]): SamplingMessageContentBlock[] {
  return Array.isArray(content) ? content : [content];
}

type ToolResultBlock = Extract<SamplingMessageContentBlock, { type: 'tool_result' }>;

/** A tool result's content, as text for a provider that takes only text there. */
function resultText(block: ToolResultBlock): string {
  return block.content
    .map((part) => (part.type === 'text' ? writeOutHidden(part.text) : `[${part.type}${'mimeType' in part ? `, ${String(part.mimeType)}` : ''}]`))
    .join('\n');
}

/**
 * A sampling request (2025-11-25 client/sampling, with Tools in Sampling) in the chosen provider's format: text
 * with hidden characters written out, images and audio as the provider takes them, the model's earlier tool
 * uses and their results, the tools and the tool choice, temperature and stop sequences. Content the provider
 * cannot take is refused with Invalid params, naming it.
 */
export function samplingTurn(provider: ProviderId, params: CreateMessageRequestParams): SamplingTurn {
  const options = {
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    ...(params.stopSequences && params.stopSequences.length > 0 ? { stopSequences: params.stopSequences } : {}),
  };
  const tools = params.tools ?? [];
  const mode = params.toolChoice?.mode;
  if (provider === 'anthropic') {
    return {
      ...options,
      anthropic: {
        messages: params.messages.map((message, index) => ({ role: message.role, content: blocksOf(message.content).map((block) => anthropicBlock(block, index)) })),
        ...(tools.length > 0
          ? { tools: tools.map((tool) => ({ name: tool.name, ...(tool.description ? { description: tool.description } : {}), input_schema: tool.inputSchema as { type: 'object' } })) }
          : {}),
        ...(mode && tools.length > 0 ? { toolChoice: mode === 'required' ? { type: 'any' as const } : { type: mode } } : {}),
      },
    };
  }
  return {
    ...options,
    openai: {
      messages: params.messages.flatMap((message, index) => openaiMessages(message.role, blocksOf(message.content), index)),
      ...(tools.length > 0
        ? {
            tools: tools.map((tool) => ({
              type: 'function' as const,
              function: { name: tool.name, ...(tool.description ? { description: tool.description } : {}), parameters: tool.inputSchema as Record<string, unknown> },
            })),
          }
        : {}),
      ...(mode && tools.length > 0 ? { toolChoice: mode } : {}),
    },
  };
}

function anthropicBlock(block: SamplingMessageContentBlock, index: number): ContentBlockParam {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: writeOutHidden(block.text) };
    case 'image':
      return anthropicImage(block.mimeType, block.data, index);
    case 'audio':
      throw invalid(`messages[${index}] holds audio, which Anthropic models do not take; choose an OpenAI-compatible model for it`);
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: block.toolUseId,
        ...(block.isError ? { is_error: true } : {}),
        content: block.content.map((part): TextBlockParam | ImageBlockParam =>
          part.type === 'image' ? anthropicImage(part.mimeType, part.data, index) : { type: 'text', text: part.type === 'text' ? writeOutHidden(part.text) : `[${part.type}]` },
        ),
      };
    default:
      throw invalid(`messages[${index}] holds content of a kind this client does not know`);
  }
}

function anthropicImage(mimeType: string, data: string, index: number): ImageBlockParam {
  if (!ANTHROPIC_IMAGE_TYPES.has(mimeType)) throw invalid(`messages[${index}] holds an image of type ${mimeType}; Anthropic models take JPEG, PNG, GIF and WebP`);
  return { type: 'image', source: { type: 'base64', media_type: mimeType as 'image/png', data } };
}

function openaiMessages(role: 'user' | 'assistant', blocks: SamplingMessageContentBlock[], index: number): ChatCompletionMessageParam[] {
  if (role === 'assistant') {
    const text = blocks.flatMap((block) => (block.type === 'text' ? [writeOutHidden(block.text)] : [])).join('\n');
    const calls: ChatCompletionMessageToolCall[] = blocks.flatMap((block) =>
      block.type === 'tool_use' ? [{ id: block.id, type: 'function' as const, function: { name: block.name, arguments: JSON.stringify(block.input) } }] : [],
    );
    const other = blocks.find((block) => block.type !== 'text' && block.type !== 'tool_use');
    if (other) throw invalid(`messages[${index}] is the model's and holds ${other.type} content, which an OpenAI-compatible model cannot have said`);
    return [{ role: 'assistant', content: text || null, ...(calls.length > 0 ? { tool_calls: calls } : {}) }];
  }
  // Tool results are messages of their own in Chat Completions, before the rest of the person's turn.
  const results: ChatCompletionMessageParam[] = blocks.flatMap((block) =>
    block.type === 'tool_result' ? [{ role: 'tool' as const, tool_call_id: block.toolUseId, content: resultText(block) }] : [],
  );
  const parts: ChatCompletionContentPart[] = blocks.flatMap((block): ChatCompletionContentPart[] => {
    switch (block.type) {
      case 'text':
        return [{ type: 'text', text: writeOutHidden(block.text) }];
      case 'image':
        return [{ type: 'image_url', image_url: { url: `data:${block.mimeType};base64,${block.data}` } }];
      case 'audio': {
        const format = OPENAI_AUDIO_FORMATS[block.mimeType];
        if (!format) throw invalid(`messages[${index}] holds audio of type ${block.mimeType}; OpenAI-compatible models take WAV and MP3`);
        return [{ type: 'input_audio', input_audio: { data: block.data, format } }];
      }
      case 'tool_result':
        return [];
      default:
        throw invalid(`messages[${index}] holds ${block.type} content, which the person's side of a conversation cannot hold`);
    }
  });
  return [...results, ...(parts.length > 0 ? [{ role: 'user' as const, content: parts }] : [])];
}

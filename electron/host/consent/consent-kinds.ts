import { HostError } from '../../../shared/api/host-error.ts';
import type { ConsentAnswers, ConsentInputs, ConsentKind, ConsentPayloads } from '../../../shared/consent/consent-types.ts';
import { definitionDiff } from '../../../shared/consent/definition-diff.ts';
import { parseRequestedSchema, secretRequestReasons, validateElicitationValues } from '../../../shared/consent/elicitation-form.ts';
import { reviewLaunch } from '../../../shared/consent/launch-review.ts';
import type { UrlAnalysis } from '../../../shared/consent/url-safety.ts';
import { checkEditedArguments } from '../chat/approval/argument-check.ts';
import { launchFingerprint } from './launch-fingerprint.ts';

/**
 * What each kind of request adds before it is shown, and what it checks in an answer beyond its shape. The
 * checks live here, in the host, because the renderer is a view: a blocked URL or an invalid form answer is
 * refused whatever a window sends.
 */
export interface KindSpec<K extends ConsentKind> {
  /** Throws a HostError when the request cannot be shown at all. */
  prepare(input: ConsentInputs[K], urls: UrlChecker): ConsentPayloads[K];
  /** Returns the answer to hand back (possibly coerced), or throws a HostError('invalid_params') and the request stays open. */
  check(payload: ConsentPayloads[K], answer: ConsentAnswers[K], urls: UrlChecker): ConsentAnswers[K];
}

/** The host's URL analysis, which knows the host's own addresses (the broker is one). */
export interface UrlChecker {
  analyzeUrl(url: string): UrlAnalysis;
}

const asIs = <T>(_payload: unknown, answer: T): T => answer;

export const kindSpecs: { [K in ConsentKind]: KindSpec<K> } = {
  'tool-approval': {
    prepare: (input) => input,
    check(payload, answer) {
      if (answer.decision !== 'allow' || answer.arguments === undefined) return answer;
      const checked = checkEditedArguments(payload.inputSchema, answer.arguments);
      if (!checked.ok) throw new HostError('invalid_params', `The edited arguments were not sent: ${checked.error}.`);
      return answer;
    },
  },

  'elicitation-form': {
    prepare(input) {
      const parsed = parseRequestedSchema(input.requestedSchema);
      // Outside the restricted subset of client/elicitation § Requested Schema the client may decline; the caller does.
      if (!parsed.ok) throw new HostError('invalid_params', `This form cannot be shown: ${parsed.error}`);
      return { ...input, fields: parsed.fields, sensitive: secretRequestReasons(parsed.fields, input.message) };
    },
    check(payload, answer) {
      if (answer.action !== 'accept') return answer;
      // client/elicitation § Form Mode Security: clients SHOULD validate responses against the schema.
      const validated = validateElicitationValues(payload.fields, answer.content);
      if (!validated.ok) {
        const labels = new Map(payload.fields.map((field) => [field.name, field.label]));
        const detail = Object.entries(validated.errors).map(([name, message]) => `${labels.get(name) ?? name}: ${message}`);
        throw new HostError('invalid_params', `The form has problems: ${detail.join('; ')}`);
      }
      return { action: 'accept', content: validated.values };
    },
  },

  'elicitation-url': {
    prepare: (input, urls) => ({ ...input, analysis: urls.analyzeUrl(input.url) }),
    check(payload, answer, urls) {
      // Judged again now: an address shown before the host knew all of its own ports is still refused.
      const analysis = answer.action === 'accept' && payload.stage !== 'waiting' ? urls.analyzeUrl(payload.url) : payload.analysis;
      if (answer.action === 'accept' && !(payload.analysis.ok && analysis.ok)) {
        throw new HostError('invalid_params', `This address cannot be opened (${payload.analysis.blockedReason ?? analysis.blockedReason}); it can only be declined.`);
      }
      return answer;
    },
  },

  sampling: {
    prepare: (input) => input,
    check(payload, answer) {
      if (answer.action !== 'approve' || answer.edits === undefined) return answer;
      const { responseText, ...promptEdits } = answer.edits;
      if (payload.stage === 'request' && responseText !== undefined) {
        throw new HostError('invalid_params', 'There is no response to edit yet: a sampling request can change only systemPrompt, messages and maxTokens.');
      }
      if (payload.stage === 'response') {
        if (Object.keys(promptEdits).length > 0) {
          throw new HostError('invalid_params', 'The prompt was already sent: reviewing a response can change only responseText.');
        }
        // A reply with tool calls keeps them; its text, if any, can be corrected.
        const blocks = Array.isArray(payload.response.content) ? payload.response.content : [payload.response.content];
        if (responseText !== undefined && !blocks.some((block) => block.type === 'text')) {
          throw new HostError('invalid_params', `The response is ${blocks.map((block) => block.type).join(', ')}, with no text to edit.`);
        }
      }
      return answer;
    },
  },

  'server-trust': {
    prepare(input) {
      const fingerprint = launchFingerprint(input.config);
      return {
        review: reviewLaunch(input.config),
        fingerprint,
        changed: input.previousFingerprint !== undefined && input.previousFingerprint !== fingerprint,
      };
    },
    check: asIs,
  },

  'open-url': {
    prepare: (input, urls) => ({ ...input, analysis: urls.analyzeUrl(input.url) }),
    check(payload, answer, urls) {
      const analysis = answer.decision === 'open' ? urls.analyzeUrl(payload.url) : payload.analysis;
      if (answer.decision === 'open' && !(payload.analysis.ok && analysis.ok)) {
        throw new HostError('invalid_params', `This address cannot be opened (${payload.analysis.blockedReason ?? analysis.blockedReason}).`);
      }
      return answer;
    },
  },

  'tool-change': {
    prepare: (input) => ({ ...input, sections: definitionDiff(input.previous, input.current) }),
    check: asIs,
  },
};

import type { ConsentRequest } from '../../../../shared/consent/consent-types.ts';
import { analyzeUrl } from '../../../../shared/consent/url-safety.ts';
import type { ConsentNotice } from '../../store/consent-slice.ts';
import { siteName } from './url-segments.ts';

/** What the request was, in a few words, for a sentence about it. */
export function requestNoun(request: ConsentRequest): string {
  switch (request.kind) {
    case 'tool-approval':
      return `the approval for ${request.payload.tool}`;
    case 'elicitation-form':
      return 'the form';
    case 'elicitation-url':
      return request.payload.stage === 'waiting' ? 'the wait for the page' : 'the request to open a page';
    case 'sampling':
      return request.payload.stage === 'response' ? 'the review of the model’s answer' : 'the sampling request';
    case 'server-trust':
      return 'the question whether to start it';
    case 'open-url':
      return 'the request to open a page';
    case 'tool-change':
      return `the review of the changed tool ${request.payload.tool}`;
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "The server reported…" reads as "the server reported…" after a colon; "URL…" stays as it is. */
function midSentence(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

export function noticeText(notice: ConsentNotice): string {
  const { request } = notice;
  const from = request.server ? `${request.server}: ` : '';
  if (notice.type === 'url') {
    const site = siteName(analyzeUrl(notice.url));
    if (notice.where === 'refused') return `${from}nothing was opened: Switchboard was asked to open a different address than the one you accepted.`;
    const where = notice.where === 'tab' ? 'a new tab' : 'your browser';
    const next = request.kind === 'elicitation-url' ? ` Finish there; ${request.server ?? 'the server'} goes on when you are done.` : '';
    return `${from}opened ${site} in ${where}.${next}`;
  }
  const noun = from ? requestNoun(request) : capitalise(requestNoun(request));
  switch (notice.outcome) {
    case 'timeout':
      return `${from}${noun} closed: no answer in time.`;
    case 'server-gone':
      return `${from}${noun} closed: the server went away${notice.reason ? ` (${notice.reason})` : ''}.`;
    case 'cancelled':
      return `${from}${noun} closed${notice.reason ? `: ${midSentence(notice.reason)}` : ' by the server'}.`;
  }
}

/** Next to the tool call that led to a request: what the person is being asked for it. */
export function waitingText(request: ConsentRequest): string {
  const server = request.server ?? 'Switchboard';
  switch (request.kind) {
    case 'tool-approval':
      return 'Switchboard is asking you whether to run this call.';
    case 'elicitation-form':
      return `${server} asks you to fill in a form for this call.`;
    case 'elicitation-url':
      return request.payload.stage === 'waiting' ? `${server} is waiting for you to finish on a web page.` : `${server} asks to open a web page for this call.`;
    case 'sampling':
      return request.payload.stage === 'response' ? `The model answered ${server}; review the answer before it goes back.` : `${server} asks to use the model for this call.`;
    case 'server-trust':
      return `${server} waits for you to review what it runs.`;
    case 'open-url':
      return 'Switchboard asks before opening a web page.';
    case 'tool-change':
      return `${request.payload.tool} changed since you allowed it; review the change.`;
  }
}

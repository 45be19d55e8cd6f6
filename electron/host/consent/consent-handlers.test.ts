import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { consentMethods } from '../../../shared/api/consent-api.ts';
import { HostError } from '../../../shared/api/host-error.ts';
import { ConsentBroker } from './consent-broker.ts';
import { createConsentHandlers } from './consent-handlers.ts';

describe('consent HostApi handlers', () => {
  it('lists open requests and answers them through the validated params', async () => {
    const broker = new ConsentBroker({ events: { emit: () => {} } });
    const handlers = createConsentHandlers(broker);
    const pending = broker.request('tool-approval', 'files', { tool: 'read', arguments: {} });

    const list = await handlers['consent.list'](consentMethods['consent.list'].parse({}));
    assert.equal(list.length, 1);
    const params = consentMethods['consent.answer'].parse({ id: list[0].id, answer: { decision: 'allow', scope: 'conversation' } });
    assert.deepEqual(await handlers['consent.answer'](params), { id: list[0].id });
    assert.deepEqual(await pending, { outcome: 'answered', answer: { decision: 'allow', scope: 'conversation' } });
    assert.deepEqual(await handlers['consent.list']({}), []);
  });

  it('passes on the broker errors for people, and the params schema refuses junk', async () => {
    const handlers = createConsentHandlers(new ConsentBroker({ events: { emit: () => {} } }));
    await assert.rejects(handlers['consent.answer']({ id: 'x', answer: {} }), (error) => error instanceof HostError && error.code === 'not_found');
    assert.equal(consentMethods['consent.answer'].safeParse({ id: '', answer: {} }).success, false);
    assert.equal(consentMethods['consent.answer'].safeParse({ id: 'x', answer: {}, more: 1 }).success, false);
    assert.equal(consentMethods['consent.list'].safeParse({ all: true }).success, false);
  });
});

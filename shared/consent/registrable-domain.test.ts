import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { registrableDomainGuess } from './registrable-domain.ts';

describe('registrableDomainGuess', () => {
  it('takes the last two labels', () => {
    assert.equal(registrableDomainGuess('a.b.example.com'), 'example.com');
    assert.equal(registrableDomainGuess('example.com'), 'example.com');
    assert.equal(registrableDomainGuess('Example.COM.'), 'example.com');
    assert.equal(registrableDomainGuess('intranet'), 'intranet');
  });

  it('takes three under country second levels and shared hosting', () => {
    assert.equal(registrableDomainGuess('www.amazon.co.uk'), 'amazon.co.uk');
    assert.equal(registrableDomainGuess('evil.github.io'), 'evil.github.io');
    assert.equal(registrableDomainGuess('x.y.my-app.vercel.app'), 'my-app.vercel.app');
    assert.equal(registrableDomainGuess('bucket.s3.amazonaws.com'), 'bucket.s3.amazonaws.com');
    assert.equal(registrableDomainGuess('co.uk'), 'co.uk');
  });

  it('returns IP addresses unchanged', () => {
    assert.equal(registrableDomainGuess('192.168.1.1'), '192.168.1.1');
    assert.equal(registrableDomainGuess('[::1]'), '[::1]');
  });
});

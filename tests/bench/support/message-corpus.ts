import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from '../../../electron/host/store/database.ts';

/**
 * A realistic chat history for the store benches: word frequencies follow Zipf's law over a vocabulary of
 * common English words and a long tail of rarer ones, ~110 words (~700 bytes) a message, like the
 * 3.4 MB / 5,000 messages measured on a real profile. One long conversation plus many of 100 messages.
 */
const COMMON = `the of and to a in is it you that he was for on are with as I his they be at one have this from or
had by not word but what some we can out other were all there when up use your how said an each she which do their
time if will way about many then them write would like so these her long make thing see him two has look more day
could go come did number sound no most people my over know water than call first who may down side been now find any
new work part take get place made live where after back little only round man year came show every good me give our
under name very through just form sentence great think say help low line differ turn cause much mean before move
right boy old too same tell does set three want air well also play small end put home read hand port large spell add
even land here must big high such follow act why ask men change went light kind off need house picture try us again
animal point mother world near build self earth father server tool message model answer search file project meeting
budget report release schedule review design test deploy error config token request response stream chat history`
  .split(/\s+/u)
  .filter(Boolean);

function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface Corpus {
  /** The conversation with `longConversationMessages` messages. */
  longConversationId: string;
  conversationIds: string[];
  messageCount: number;
}

export function makeVocabulary(size = 8_000): string[] {
  const random = rng(7);
  const words = [...COMMON];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  while (words.length < size) {
    let word = '';
    const length = 4 + Math.floor(random() * 7);
    for (let i = 0; i < length; i++) word += letters[Math.floor(random() * 26)];
    words.push(word);
  }
  return words;
}

/** Zipf-like pick: the word at rank r comes up about 1/r as often as the first. */
export function textMaker(seed = 1): (words: number) => string {
  const vocabulary = makeVocabulary();
  const random = rng(seed);
  const harmonic = Math.log(vocabulary.length) + 0.5772;
  return (count) => {
    const out: string[] = [];
    for (let i = 0; i < count; i++) {
      const rank = Math.min(vocabulary.length - 1, Math.floor(Math.exp(random() * harmonic)) - 1);
      out.push(vocabulary[Math.max(0, rank)]);
      if (i % 14 === 13) out[out.length - 1] += '.';
    }
    return out.join(' ');
  };
}

/**
 * Writes `total` messages straight into the schema's tables in one transaction (the store's own path commits
 * per message, which is not what is measured here). The full-text triggers index them as the app would.
 */
export function fillStore(db: DatabaseSync, total = 100_000, longConversationMessages = 5_000, perConversation = 100): Corpus {
  const text = textMaker();
  const random = rng(3);
  const insertConversation = db.prepare('INSERT INTO conversations (id, title, titled, created_at, updated_at) VALUES (?, ?, 1, ?, ?)');
  const insertMessage = db.prepare(
    'INSERT INTO messages (id, conversation_id, role, status, created_at, data, search_text) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const conversationIds: string[] = [];
  let at = 1_700_000_000_000;
  let written = 0;
  inTransaction(db, () => {
    let conversation = 0;
    while (written < total) {
      const id = `conv-${conversation}`;
      const size = conversation === 0 ? longConversationMessages : Math.min(perConversation, total - written);
      insertConversation.run(id, text(5), at, at + size);
      conversationIds.push(id);
      for (let index = 0; index < size; index++) {
        const role = index % 2 === 0 ? 'user' : 'assistant';
        const body = text(role === 'user' ? 20 + Math.floor(random() * 30) : 60 + Math.floor(random() * 160));
        const data = JSON.stringify({ blocks: [{ type: 'text', text: body }], ...(role === 'assistant' ? { model: 'bench-model', provider: 'anthropic' } : {}) });
        insertMessage.run(`${id}-m${index}`, id, role, 'complete', at++, data, body);
        written++;
      }
      conversation++;
    }
  });
  return { longConversationId: conversationIds[0], conversationIds, messageCount: written };
}

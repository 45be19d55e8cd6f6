// Renderer unit tests run under `node --test`, but renderer sources may not import node: modules (lint) and
// have no Node types (tsconfig.renderer.json). Tests reach the runner through this one file instead; the app
// never imports it, so it is never bundled.
export { test } from 'node:test';
export { default as assert } from 'node:assert/strict';

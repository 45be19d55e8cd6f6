/**
 * Issue #14, sampling complete: a request with an image and tools is reviewed with the image shown and the tools
 * listed; the model's tool call is shown in the answer's review and reaches the server as tool_use.
 */
import { fixtureStdio } from '../fixtures/servers/launch.ts';
import { expect } from './support/browser-mode.ts';
import { test } from './support/with-fake-anthropic.ts';
import { consentDialog, runTool } from './support/consent-page.ts';
import { serversPage } from './support/servers-page.ts';

test.use({ mcpServers: { modern: fixtureStdio('modern', ['--rich-sampling']) } });

test('an image and tools in a sampling request are shown for review, and the model\'s tool call too', async ({ page, switchboard, fake }) => {
  fake.script({ blocks: [{ text: 'Checking.' }, { toolUse: { id: 'toolu_9', name: 'get_weather', input: { city: 'Paris' } } }] });
  await page.goto(switchboard.url);
  const ui = serversPage(page);
  await expect(ui.card('modern')).toHaveAttribute('data-status', 'connected');
  await ui.card('modern').getByRole('button', { name: 'modern', exact: true }).click();
  await runTool(page, 'sample_rich');

  const review = consentDialog(page, 'modern wants to ask the model');
  const image = review.getByRole('img', { name: 'Image from the server (image/png)' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);
  const tools = review.getByRole('list', { name: 'Tools offered to the model' });
  await expect(tools).toContainText('get_weather');
  await expect(tools).toContainText('The weather in a city now');
  await expect(review).toContainText('The model may call them.');
  await expect(review).toContainText('0.3');
  await review.getByRole('button', { name: 'Send to the model' }).click();

  const answer = consentDialog(page, 'Send the model’s answer to modern?');
  await expect(answer.getByRole('textbox', { name: 'Answer' })).toHaveValue('Checking.');
  await expect(answer).toContainText('Tool call get_weather');
  await expect(answer).toContainText('Paris');
  await expect(answer).toContainText('it calls tools; the server runs them and asks again');
  await answer.getByRole('button', { name: 'Send to modern' }).click();
  await expect(ui.result).toContainText('tool_use');
  await expect(ui.result).toContainText('toolUse');
});

/**
 * Names people trust and phishers imitate, with the registrable domains each one really uses. A host that
 * looks like one of these names but is not one of these domains earns a warning.
 */
export interface KnownBrand {
  /** The name as it appears in a domain label. */
  name: string;
  /** What people call it, for warnings. */
  display: string;
  domains: readonly string[];
  /** Runs sites under many country domains (google.de, amazon.co.jp), so another suffix alone is no signal. */
  manySuffixes?: boolean;
}

export const KNOWN_BRANDS: readonly KnownBrand[] = [
  { name: 'google', display: 'Google', domains: ['google.com', 'googleapis.com', 'googleusercontent.com', 'gstatic.com', 'withgoogle.com'], manySuffixes: true },
  { name: 'gmail', display: 'Gmail', domains: ['gmail.com'] },
  { name: 'youtube', display: 'YouTube', domains: ['youtube.com', 'youtu.be'] },
  { name: 'github', display: 'GitHub', domains: ['github.com', 'github.io', 'githubusercontent.com', 'githubassets.com', 'github.dev'] },
  { name: 'gitlab', display: 'GitLab', domains: ['gitlab.com', 'gitlab.io'] },
  { name: 'microsoft', display: 'Microsoft', domains: ['microsoft.com', 'microsoftonline.com', 'live.com', 'office.com', 'azure.com', 'windows.net', 'msft.net'], manySuffixes: true },
  { name: 'outlook', display: 'Outlook', domains: ['outlook.com', 'office.com', 'live.com'] },
  { name: 'apple', display: 'Apple', domains: ['apple.com', 'icloud.com', 'apple.news'], manySuffixes: true },
  { name: 'icloud', display: 'iCloud', domains: ['icloud.com', 'apple.com'] },
  { name: 'paypal', display: 'PayPal', domains: ['paypal.com', 'paypal.me', 'paypalobjects.com'], manySuffixes: true },
  { name: 'amazon', display: 'Amazon', domains: ['amazon.com', 'amazonaws.com', 'amazon.dev', 'a2z.com'], manySuffixes: true },
  { name: 'anthropic', display: 'Anthropic', domains: ['anthropic.com', 'claude.ai', 'claude.com'] },
  { name: 'claude', display: 'Claude', domains: ['claude.ai', 'claude.com', 'anthropic.com'] },
  { name: 'openai', display: 'OpenAI', domains: ['openai.com', 'chatgpt.com', 'oaistatic.com'] },
  { name: 'chatgpt', display: 'ChatGPT', domains: ['chatgpt.com', 'openai.com'] },
  { name: 'facebook', display: 'Facebook', domains: ['facebook.com', 'fb.com', 'fbcdn.net', 'meta.com'] },
  { name: 'instagram', display: 'Instagram', domains: ['instagram.com', 'cdninstagram.com'] },
  { name: 'whatsapp', display: 'WhatsApp', domains: ['whatsapp.com', 'whatsapp.net', 'wa.me'] },
  { name: 'twitter', display: 'X (Twitter)', domains: ['twitter.com', 'x.com', 't.co', 'twimg.com'] },
  { name: 'linkedin', display: 'LinkedIn', domains: ['linkedin.com', 'licdn.com'] },
  { name: 'netflix', display: 'Netflix', domains: ['netflix.com', 'nflxext.com'] },
  { name: 'slack', display: 'Slack', domains: ['slack.com', 'slack-edge.com'] },
  { name: 'discord', display: 'Discord', domains: ['discord.com', 'discord.gg', 'discordapp.com'] },
  { name: 'dropbox', display: 'Dropbox', domains: ['dropbox.com', 'dropboxusercontent.com'] },
  { name: 'stripe', display: 'Stripe', domains: ['stripe.com', 'stripe.network'] },
  { name: 'okta', display: 'Okta', domains: ['okta.com', 'oktapreview.com', 'okta-emea.com'] },
  { name: 'atlassian', display: 'Atlassian', domains: ['atlassian.com', 'atlassian.net'] },
  { name: 'notion', display: 'Notion', domains: ['notion.so', 'notion.com', 'notion.site'] },
  { name: 'cloudflare', display: 'Cloudflare', domains: ['cloudflare.com', 'cloudflareaccess.com', 'pages.dev', 'workers.dev'] },
  { name: 'coinbase', display: 'Coinbase', domains: ['coinbase.com'] },
  { name: 'binance', display: 'Binance', domains: ['binance.com'] },
  { name: 'npmjs', display: 'npm', domains: ['npmjs.com', 'npmjs.org'] },
];

// Embedding booking pages on other sites: the snippet a host copies (the pages are routes of the app).
export { embedSnippet, type EmbedMode, type EmbedTarget } from './protocol.ts';

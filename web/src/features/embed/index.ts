// Embedding booking pages on other sites: the code a host copies (the pages are routes of the app).
export { EmbedCode } from './EmbedCode.tsx';

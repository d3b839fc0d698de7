// The web inbox of the local mail catcher on the Supabase CLI's port 54324: a page listing the
// messages, and the part of Mailpit's JSON API that tests and tools use (list, search, one message,
// its parts, raw source and headers, delete, info, chaos).
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { CaughtMessage, Chaos, ChaosStage, MailCatcher } from './catcher.ts';

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body));
}

function text(res: ServerResponse, status: number, body: string | Buffer, type = 'text/plain; charset=utf-8') {
  res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
  res.end(body);
}

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const s = Buffer.concat(chunks).toString().trim();
  return s ? JSON.parse(s) : undefined;
}

/** Mailpit's message summary (list and search items). */
function summary(m: CaughtMessage) {
  return {
    ID: m.ID,
    MessageID: m.MessageID,
    Read: m.Read,
    From: m.From,
    To: m.To,
    Cc: m.Cc,
    Bcc: m.Bcc,
    ReplyTo: m.ReplyTo,
    Subject: m.Subject,
    Created: m.Created,
    Tags: [],
    Size: m.Size,
    Attachments: m.Attachments.length,
    Snippet: m.Text.replace(/\s+/g, ' ').trim().slice(0, 250),
  };
}

function detail(m: CaughtMessage) {
  const { headers: _h, parts: _p, raw: _r, Created: _c, Read: _read, ...fields } = m;
  return { ...fields, Tags: [], ListUnsubscribe: { Header: '', Links: [], Errors: '', HeaderPost: '' } };
}

/** Terms of Mailpit's search syntax: `to:a@b`, `from:`, `subject:"two words"`, `message-id:`, free words. */
export function matches(m: CaughtMessage, query: string): boolean {
  const terms = [...query.matchAll(/(-?)(?:([a-z-]+):)?(?:"([^"]*)"|(\S+))/gi)];
  return terms.every(([, not, key, quoted, bare]) => {
    const value = (quoted ?? bare ?? '').toLowerCase();
    const has = (s: string | undefined) => (s ?? '').toLowerCase().includes(value);
    const addr = (list: { Name: string; Address: string }[]) => list.some((a) => has(a.Address) || has(a.Name));
    let hit: boolean;
    switch (key?.toLowerCase()) {
      case 'to':
        hit = addr([...m.To, ...m.Cc, ...m.Bcc]);
        break;
      case 'from':
        hit = addr(m.From ? [m.From] : []);
        break;
      case 'subject':
        hit = has(m.Subject);
        break;
      case 'message-id':
        hit = m.MessageID.toLowerCase() === value;
        break;
      default:
        hit = has(m.Subject) || has(m.Text) || addr([...m.To, ...(m.From ? [m.From] : [])]);
    }
    return not ? !hit : hit;
  });
}

function page(list: CaughtMessage[], url: URL) {
  const start = Math.max(0, Number(url.searchParams.get('start') ?? 0) || 0);
  const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 50) || 50);
  const shown = list.slice(start, start + limit);
  return {
    total: list.length,
    unread: list.filter((m) => !m.Read).length,
    count: shown.length,
    messages_count: list.length,
    start,
    tags: [],
    messages: shown.map(summary),
  };
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The inbox page: the newest messages, each with its HTML (or text) body in a sandboxed frame. */
function renderInbox(list: CaughtMessage[]): string {
  const items = list
    .slice(0, 50)
    .map((m) => {
      const body = m.HTML || `<pre>${escape(m.Text)}</pre>`;
      const files = m.Attachments.map((a) => `<a href="/api/v1/message/${m.ID}/part/${a.PartID}">${escape(a.FileName || a.ContentType)}</a>`).join(' ');
      return `<article><h2><a href="/view/${m.ID}.html">${escape(m.Subject)}</a></h2><p>To ${escape(m.To.map((a) => a.Address).join(', '))} · ${escape(m.Created)} ${files}</p>
<iframe sandbox="allow-top-navigation-by-user-activation allow-popups" title="${escape(m.Subject)}" srcdoc="${escape(body)}"></iframe></article>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Kairos local inbox</title>
<style>body{font-family:system-ui;max-width:52rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:1rem 0}iframe{width:100%;height:16rem;border:1px solid #eee}</style>
</head><body><h1>Local inbox</h1><p>Mailpit-compatible API at <code>/api/v1/messages</code></p>${items || '<p>No mail yet.</p>'}</body></html>`;
}

const STAGES: ChaosStage[] = ['Sender', 'Recipient', 'Authentication'];

export function createInboxServer(catcher: MailCatcher): http.Server {
  return http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://inbox');
      const path = url.pathname.replace(/\/+$/, '') || '/';
      const method = req.method ?? 'GET';
      if (method === 'OPTIONS') {
        res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, PUT, DELETE', 'access-control-allow-headers': 'content-type' });
        return res.end();
      }
      if (path === '/' && method === 'GET') return text(res, 200, renderInbox(await catcher.list()), 'text/html; charset=utf-8');
      // One message as its HTML part (Mailpit's /view/{ID}.html), its links followable.
      const view = /^\/view\/([^/]+)\.html$/.exec(path);
      if (view && method === 'GET') {
        const m = await catcher.get(view[1]);
        if (!m) return text(res, 404, 'message not found');
        return text(res, 200, m.HTML || `<pre>${escape(m.Text)}</pre>`, 'text/html; charset=utf-8');
      }
      if (path === '/api/v1/messages' && method === 'GET') return json(res, 200, page(await catcher.list(), url));
      if (path === '/api/v1/messages' && method === 'DELETE') {
        const ids = ((await body(req)) as { IDs?: string[] } | undefined)?.IDs;
        catcher.delete(ids && ids.length > 0 ? ids : undefined);
        return text(res, 200, 'ok');
      }
      if (path === '/api/v1/search' && (method === 'GET' || method === 'DELETE')) {
        const found = (await catcher.list()).filter((m) => matches(m, url.searchParams.get('query') ?? ''));
        if (method === 'GET') return json(res, 200, page(found, url));
        catcher.delete(found.map((m) => m.ID));
        return text(res, 200, 'ok');
      }
      if (path === '/api/v1/info' && method === 'GET') {
        const list = await catcher.list();
        return json(res, 200, { Version: 'kairos-local', Messages: list.length, Unread: list.filter((m) => !m.Read).length, RuntimeStats: catcher.stats });
      }
      if (path === '/api/v1/chaos') {
        if (method === 'PUT') {
          const wanted = ((await body(req)) ?? {}) as Partial<Chaos>;
          for (const stage of STAGES) {
            const t = wanted[stage];
            catcher.chaos[stage] = { ErrorCode: t?.ErrorCode ?? (stage === 'Authentication' ? 535 : 451), Probability: t?.Probability ?? 0 };
          }
        }
        return json(res, 200, catcher.chaos);
      }
      const one = /^\/api\/v1\/message\/([^/]+)(?:\/(raw|headers|part\/([^/]+)))?$/.exec(path);
      if (one && method === 'GET') {
        const m = await catcher.get(one[1]);
        if (!m) return text(res, 404, 'message not found');
        if (one[2] === 'raw') return text(res, 200, m.raw);
        if (one[2] === 'headers') return json(res, 200, m.headers);
        if (one[3]) {
          const part = m.parts.get(one[3]);
          const info = [...m.Attachments, ...m.Inline].find((a) => a.PartID === one[3]);
          if (!part || !info) return text(res, 404, 'part not found');
          return text(res, 200, part, info.ContentType);
        }
        m.Read = true;
        return json(res, 200, detail(m));
      }
      text(res, 404, 'not found');
    } catch (e) {
      if (!res.headersSent) text(res, 400, (e as Error).message);
    }
  });
}

// The local mail catcher, like the Supabase CLI's Mailpit: an SMTP server that keeps every message it
// accepts instead of delivering it. Messages are kept as raw .eml files in the stack's data folder,
// so they survive a restart; the HTTP side (inbox-http.ts) serves them with Mailpit's JSON API. A
// message is parsed when it is first asked for: a burst of bookings' mails costs a write each, not a
// MIME parse nobody reads.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { Server } from 'node:net';
import { join } from 'node:path';
import libmime from 'libmime';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Address {
  Name: string;
  Address: string;
}

export interface Part {
  PartID: string;
  FileName: string;
  ContentType: string;
  ContentID: string;
  Size: number;
}

/** One stored message: the parsed fields Mailpit's API answers with, and the raw source. */
export interface CaughtMessage {
  ID: string;
  MessageID: string;
  From: Address | null;
  To: Address[];
  Cc: Address[];
  Bcc: Address[];
  ReplyTo: Address[];
  ReturnPath: string;
  Subject: string;
  Date: string;
  Created: string;
  Text: string;
  HTML: string;
  Size: number;
  Read: boolean;
  Inline: Part[];
  Attachments: Part[];
  /** Header name (as sent) → values. */
  headers: Record<string, string[]>;
  /** Content of each part by PartID. */
  parts: Map<string, Buffer>;
  raw: Buffer;
}

/** Mailpit's chaos triggers: an SMTP stage answers ErrorCode with Probability percent. */
export interface ChaosTrigger {
  ErrorCode: number;
  Probability: number;
}
export type ChaosStage = 'Sender' | 'Recipient' | 'Authentication';
export type Chaos = Record<ChaosStage, ChaosTrigger>;

export interface RuntimeStats {
  SMTPAccepted: number;
  SMTPAcceptedSize: number;
  SMTPRejected: number;
  /** Messages accepted but not stored because their Message-ID was already there. */
  SMTPIgnored: number;
  MessagesDeleted: number;
}

/** A delivery held between receiving its data and answering 250 (fault tests kill the sender there). */
export interface Hold {
  arrived: Promise<CaughtMessage>;
  release(): void;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Mailpit-style id: 22 base-62 characters. */
function newId(): string {
  return [...randomBytes(22)].map((b) => BASE62[b % 62]).join('');
}

function addresses(field: AddressObject | AddressObject[] | undefined): Address[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value).map((v) => ({ Name: v.name ?? '', Address: v.address ?? '' }));
}

function headerMap(parsed: ParsedMail): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of parsed.headerLines) {
    const value = line.line.slice(line.line.indexOf(':') + 1).trim();
    const name = line.line.slice(0, line.line.indexOf(':'));
    (out[name] ??= []).push(value);
  }
  return out;
}

async function parse(id: string, raw: Buffer, created: string): Promise<CaughtMessage> {
  // Mailpit answers no HTML made from the text part: mailparser's (with its link finder) is skipped.
  const parsed = await simpleParser(raw, { skipTextToHtml: true, skipTextLinks: true });
  const parts = new Map<string, Buffer>();
  const inline: Part[] = [];
  const attachments: Part[] = [];
  parsed.attachments.forEach((a, i) => {
    const part: Part = {
      PartID: String(i + 1),
      FileName: a.filename ?? '',
      ContentType: a.contentType,
      ContentID: a.cid ?? '',
      Size: a.size,
    };
    parts.set(part.PartID, a.content);
    (a.related ? inline : attachments).push(part);
  });
  return {
    ID: id,
    MessageID: (parsed.messageId ?? '').replace(/^<|>$/g, ''),
    From: addresses(parsed.from)[0] ?? null,
    To: addresses(parsed.to),
    Cc: addresses(parsed.cc),
    Bcc: addresses(parsed.bcc),
    ReplyTo: addresses(parsed.replyTo),
    ReturnPath: String(parsed.headers.get('return-path') ?? ''),
    Subject: parsed.subject ?? '',
    Date: (parsed.date ?? new Date(created)).toISOString(),
    Created: created,
    Text: parsed.text ?? '',
    HTML: typeof parsed.html === 'string' ? parsed.html : '',
    Size: raw.length,
    Read: false,
    Inline: inline,
    Attachments: attachments,
    headers: headerMap(parsed),
    parts,
    raw,
  };
}

/** The Message-ID from the header block alone (what the duplicate check needs on arrival), without <>. */
function messageIdOf(raw: Buffer): string {
  const end = raw.indexOf('\r\n\r\n');
  const headers = libmime.decodeHeaders(raw.subarray(0, end < 0 ? raw.length : end).toString('binary'));
  return String(headers['message-id']?.[0] ?? '').trim().replace(/^<|>$/g, '');
}

/** A kept message: its source and Message-ID, parsed into Mailpit's fields once, when first read. */
interface Kept {
  id: string;
  created: string;
  raw: Buffer;
  messageId: string;
  parsed?: Promise<CaughtMessage>;
}

function parsed(kept: Kept): Promise<CaughtMessage> {
  kept.parsed ??= parse(kept.id, kept.raw, kept.created);
  return kept.parsed;
}

const QUIET: Chaos = {
  Sender: { ErrorCode: 451, Probability: 0 },
  Recipient: { ErrorCode: 451, Probability: 0 },
  Authentication: { ErrorCode: 535, Probability: 0 },
};

export class MailCatcher {
  private messages: Kept[] = [];
  /** Message-IDs of the messages kept (or being written): a duplicate is found without a scan of every message. */
  private messageIds = new Set<string>();
  private smtp: SMTPServer;
  private holds: { arrived: (m: CaughtMessage) => void; released: Promise<void> }[] = [];
  chaos: Chaos = structuredClone(QUIET);
  readonly stats: RuntimeStats = { SMTPAccepted: 0, SMTPAcceptedSize: 0, SMTPRejected: 0, SMTPIgnored: 0, MessagesDeleted: 0 };

  /**
   * Messages are kept in `dir` (one .eml each, named `<created ms>-<ID>.eml`). With
   * `ignoreDuplicateIds` a message whose Message-ID is already stored is accepted and dropped, as
   * Mailpit's --smtp-ignore-duplicate-ids does: a sender that retries after losing the 250 answer
   * leaves one copy. `log` hears what went wrong on a connection, as the stack's other services' logs.
   */
  constructor(
    private readonly dir: string,
    private readonly options: { ignoreDuplicateIds: boolean; log?: (message: string) => void } = { ignoreDuplicateIds: true },
  ) {
    mkdirSync(dir, { recursive: true });
    this.smtp = new SMTPServer({
      // Local catcher: any client, any credentials (Mailpit's "accept any" mode), no TLS.
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      banner: 'Kairos local mail catcher',
      size: 25 * 1024 * 1024,
      onAuth: (_auth, _session, cb) => cb(this.fault('Authentication'), { user: 'local' }),
      onMailFrom: (_address, _session, cb) => cb(this.fault('Sender')),
      onRcptTo: (_address, _session, cb) => cb(this.fault('Recipient')),
      onData: (stream, _session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.accept(Buffer.concat(chunks)).then(
            () => cb(),
            (e: Error) => cb(Object.assign(new Error(`Message not stored: ${e.message}`), { responseCode: 451 })),
          );
        });
      },
    });
    // A sender that hangs up in the middle of a message (a killed worker) is no fault of the catcher's:
    // it is logged and the catcher goes on. Unheard, the error would end the process.
    this.smtp.on('error', (e: Error) => this.options.log?.(`mail: ${e.message}`));
  }

  /** An SMTP error for the stage when its chaos trigger fires. */
  private fault(stage: ChaosStage): Error | null | undefined {
    const t = this.chaos[stage];
    if (t.Probability <= 0 || Math.random() * 100 >= t.Probability) return undefined;
    this.stats.SMTPRejected++;
    return Object.assign(new Error(`Chaos ${stage.toLowerCase()} error`), { responseCode: t.ErrorCode });
  }

  private async accept(raw: Buffer): Promise<void> {
    const kept: Kept = { id: newId(), created: new Date().toISOString(), raw, messageId: messageIdOf(raw) };
    this.stats.SMTPAccepted++;
    this.stats.SMTPAcceptedSize += raw.length;
    const duplicate = this.options.ignoreDuplicateIds && kept.messageId !== '' && this.messageIds.has(kept.messageId);
    if (duplicate) this.stats.SMTPIgnored++;
    else {
      // Taken before the write, so a copy arriving meanwhile is a duplicate; the write leaves the event loop free.
      this.messageIds.add(kept.messageId);
      try {
        await writeFile(join(this.dir, `${Date.parse(kept.created)}-${kept.id}.eml`), raw);
      } catch (e) {
        this.messageIds.delete(kept.messageId);
        throw e;
      }
      this.messages.push(kept);
    }
    const hold = this.holds.shift();
    if (hold) {
      hold.arrived(await parsed(kept));
      await hold.released;
    }
  }

  /** Reads the messages kept by an earlier run. */
  async load(): Promise<void> {
    if (!existsSync(this.dir)) return;
    const files = readdirSync(this.dir).filter((f) => f.endsWith('.eml')).sort();
    this.messages = files.map((f) => {
      const [ms, id] = f.replace(/\.eml$/, '').split('-');
      const raw = readFileSync(join(this.dir, f));
      return { id, created: new Date(Number(ms)).toISOString(), raw, messageId: messageIdOf(raw) };
    });
    this.messageIds = new Set(this.messages.map((m) => m.messageId));
  }

  listen(port: number, host = '127.0.0.1'): Promise<void> {
    return new Promise((resolve, reject) => {
      const server = (this.smtp as unknown as { server: Server }).server;
      server.once('error', reject);
      this.smtp.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  close(): Promise<void> {
    for (const h of this.holds.splice(0)) h.arrived = () => {};
    return new Promise((resolve) => this.smtp.close(() => resolve()));
  }

  /** Newest first. */
  list(): Promise<CaughtMessage[]> {
    return Promise.all([...this.messages].reverse().map(parsed));
  }

  async get(id: string): Promise<CaughtMessage | undefined> {
    const kept = id === 'latest' ? this.messages.at(-1) : this.messages.find((m) => m.id === id);
    return kept && parsed(kept);
  }

  /** Deletes the given messages, or all of them. */
  delete(ids?: string[]): number {
    const gone = ids ? this.messages.filter((m) => ids.includes(m.id)) : [...this.messages];
    const goneSet = new Set(gone);
    this.messages = this.messages.filter((m) => !goneSet.has(m));
    this.messageIds = new Set(this.messages.map((m) => m.messageId));
    for (const m of gone) rmSync(join(this.dir, `${Date.parse(m.created)}-${m.id}.eml`), { force: true });
    this.stats.MessagesDeleted += gone.length;
    return gone.length;
  }

  /**
   * The next message's 250 answer waits until `release()`: the message is stored (the receiver has
   * it) while the sender has not heard so, the moment a killed sender leaves behind.
   */
  holdNextDelivery(): Hold {
    let arrived!: (m: CaughtMessage) => void;
    let release!: () => void;
    const hold = {
      arrived: new Promise<CaughtMessage>((r) => (arrived = r)),
      released: new Promise<void>((r) => (release = r)),
    };
    this.holds.push({ arrived: (m) => arrived(m), released: hold.released });
    return { arrived: hold.arrived, release };
  }
}

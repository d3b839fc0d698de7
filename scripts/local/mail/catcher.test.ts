// The mail catcher on its own ports: real SMTP in (nodemailer), Mailpit's JSON API out.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortRange } from '../ports.ts';
import { MailCatcher } from './catcher.ts';
import { createInboxServer } from './inbox-http.ts';

let dir: string;
let catcher: MailCatcher;
let http: Server;
let api: string;
let smtpPort: number;
/** What the catcher logged. */
const logged: string[] = [];

const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
const get = async (path: string) => (await fetch(`${api}/api/v1${path}`)).json();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kairos-mail-'));
  const port = await freePortRange(2);
  smtpPort = port + 1;
  catcher = new MailCatcher(dir, { ignoreDuplicateIds: true, log: (m) => logged.push(m) });
  await catcher.listen(smtpPort);
  http = createInboxServer(catcher);
  await new Promise<void>((r) => http.listen(port, '127.0.0.1', r));
  api = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await new Promise((r) => http.close(r));
  await catcher.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Reads the socket until the server answers with `code` (a line starting "<code> "). */
function answer(socket: Socket, code: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (new RegExp(`^${code} `, 'm').test(text)) {
        socket.off('data', onData);
        resolve();
      } else if (/^[45]\d\d /m.test(text)) reject(new Error(`expected ${code}, got ${text}`));
    };
    socket.on('data', onData);
  });
}

describe('mail catcher', () => {
  it('keeps a message and answers it through Mailpit\'s list, search, message, part, raw and headers routes', async () => {
    await transport().sendMail({
      from: 'Kairos <no-reply@kairos.test>',
      to: 'Ada Guest <ada@example.test>',
      subject: 'Booked: Intro call',
      text: 'See you then',
      html: '<p>See you then</p>',
      messageId: '<one@kairos.test>',
      attachments: [{ filename: 'invite.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'application/ics' }],
    });
    const list = await get('/messages');
    expect(list).toMatchObject({ total: 1, count: 1, start: 0 });
    const [summary] = list.messages;
    expect(summary).toMatchObject({
      MessageID: 'one@kairos.test',
      Subject: 'Booked: Intro call',
      From: { Name: 'Kairos', Address: 'no-reply@kairos.test' },
      To: [{ Name: 'Ada Guest', Address: 'ada@example.test' }],
      Attachments: 1,
      Snippet: 'See you then',
    });
    expect(summary.ID).toMatch(/^[0-9A-Za-z]{22}$/);

    expect((await get(`/search?query=${encodeURIComponent('to:ada@example.test subject:"Intro call"')}`)).total).toBe(1);
    expect((await get(`/search?query=${encodeURIComponent('to:nobody@example.test')}`)).total).toBe(0);

    const message = await get(`/message/${summary.ID}`);
    expect(message).toMatchObject({ Subject: 'Booked: Intro call', Text: 'See you then', HTML: '<p>See you then</p>' });
    const [file] = message.Attachments;
    expect(file).toMatchObject({ FileName: 'invite.ics', ContentType: 'application/ics' });
    const part = await fetch(`${api}/api/v1/message/${summary.ID}/part/${file.PartID}`);
    expect(part.headers.get('content-type')).toBe('application/ics');
    expect(await part.text()).toContain('BEGIN:VCALENDAR');
    expect(await (await fetch(`${api}/api/v1/message/${summary.ID}/raw`)).text()).toContain('Subject: Booked: Intro call');
    expect((await get(`/message/${summary.ID}/headers`))['Message-ID']).toEqual(['<one@kairos.test>']);
    expect((await get('/message/latest')).ID).toBe(summary.ID);
    expect((await fetch(`${api}/api/v1/message/nope`)).status).toBe(404);
  });

  it('ignores a second message with a Message-ID it already holds, and counts it', async () => {
    const before = (await get('/info')).RuntimeStats.SMTPIgnored;
    for (let i = 0; i < 2; i++) await transport().sendMail({ from: 'a@kairos.test', to: 'dup@example.test', subject: `copy ${i}`, text: 'x', messageId: '<dup@kairos.test>' });
    const found = await get(`/search?query=${encodeURIComponent('message-id:dup@kairos.test')}`);
    expect(found.messages.map((m: { Subject: string }) => m.Subject)).toEqual(['copy 0']);
    expect((await get('/info')).RuntimeStats.SMTPIgnored).toBe(before + 1);
  });

  it('answers SMTP errors while a chaos trigger is set, and accepts again once it is cleared', async () => {
    await fetch(`${api}/api/v1/chaos`, { method: 'PUT', body: JSON.stringify({ Recipient: { ErrorCode: 451, Probability: 100 } }) });
    await expect(transport().sendMail({ from: 'a@kairos.test', to: 'chaos@example.test', subject: 'x', text: 'x' })).rejects.toMatchObject({ responseCode: 451 });
    expect((await (await fetch(`${api}/api/v1/chaos`, { method: 'PUT', body: '{}' })).json()).Recipient.Probability).toBe(0);
    await transport().sendMail({ from: 'a@kairos.test', to: 'chaos@example.test', subject: 'after', text: 'x' });
    expect((await get(`/search?query=to:chaos@example.test`)).total).toBe(1);
  });

  it('goes on when a sender hangs up while its message waits for the answer (a worker killed mid-delivery)', async () => {
    const before = (await get('/messages')).total;
    const hold = catcher.holdNextDelivery();
    const socket = connect(smtpPort, '127.0.0.1');
    await answer(socket, 220);
    for (const [command, code] of [['EHLO sender.test', 250], ['MAIL FROM:<held@kairos.test>', 250], ['RCPT TO:<ada@example.test>', 250], ['DATA', 354]] as const) {
      socket.write(`${command}\r\n`);
      await answer(socket, code);
    }
    socket.write('Subject: Held\r\nMessage-ID: <held@kairos.test>\r\n\r\nWaiting for its 250\r\n.\r\n');
    await hold.arrived;
    // A reset, as from a process killed before the catcher answered.
    socket.resetAndDestroy();
    await new Promise((r) => socket.once('close', r));
    await new Promise((r) => setTimeout(r, 100));
    hold.release();
    expect(logged).toContainEqual(expect.stringMatching(/^mail: .*ECONNRESET/));

    await transport().sendMail({ from: 'no-reply@kairos.test', to: 'ada@example.test', subject: 'After the hang-up', text: 'Still here' });
    const list = await get('/messages');
    // The held message was stored before the hang-up (the sender will send it again; its Message-ID keeps one copy).
    expect(list.total).toBe(before + 2);
    expect(list.messages.map((m: { Subject: string }) => m.Subject).slice(0, 2)).toEqual(['After the hang-up', 'Held']);
  });

  it('keeps messages across a restart, and deletes one or all', async () => {
    const again = new MailCatcher(dir);
    await again.load();
    expect((await again.list()).map((m) => m.ID)).toEqual((await catcher.list()).map((m) => m.ID));

    const [newest, ...rest] = (await get('/messages')).messages;
    await fetch(`${api}/api/v1/messages`, { method: 'DELETE', body: JSON.stringify({ IDs: [newest.ID] }) });
    expect((await get('/messages')).messages.map((m: { ID: string }) => m.ID)).toEqual(rest.map((m: { ID: string }) => m.ID));
    await fetch(`${api}/api/v1/messages`, { method: 'DELETE' });
    expect((await get('/messages')).total).toBe(0);
    const reloaded = new MailCatcher(dir);
    await reloaded.load();
    expect(await reloaded.list()).toEqual([]);
  });
});

// Booking questions in the database: an event type's questions and built-in fields are
// checked by the database as by questionsSchema and guestFieldsSchema (one set of cases for both), so
// a bad definition written straight through REST is refused; a booking's answers are read by its
// hosts only (RLS), tested as anon, another user, team members who are not its host, and its host.
import { describe, expect, it } from 'vitest';
import { anonClient, client, newUser, sql, stack, type TestUser } from '../../../scripts/local/test-stack/harness.ts';
import { call } from '../api/client.ts';
import { at, guestBody, newHost, newTeam, newTeamEventType } from '../api/fixtures.ts';
import { guestFieldsSchema, questionsSchema } from '../../functions/_shared/rules/questions.ts';

const PLAN = { type: 'single_choice', slug: 'plan', label: 'Plan', required: true, options: ['Free', 'Pro'], display: 'radio' };
const GOOD = [
  PLAN,
  { type: 'number', slug: 'seats', label: 'Seats', required: true, min: 1, max: 500, showIf: { question: 'plan', equals: 'Pro' } },
  { type: 'short_text', slug: 'topic', label: 'Topic', help: 'A few words', required: false },
  { type: 'long_text', slug: 'agenda', label: 'Agenda', required: false },
  { type: 'email', slug: 'cc', label: 'Colleague', required: false },
  { type: 'phone', slug: 'mobile', label: 'Mobile', required: false },
  { type: 'multiple_choice', slug: 'topics', label: 'Topics', required: false, options: ['Billing', 'Setup'] },
  { type: 'yes_no', slug: 'customer', label: 'Customer?', required: false, showIf: { question: 'topics', equals: 'Billing' } },
  { type: 'date', slug: 'deadline', label: 'Deadline', required: false, showIf: { question: 'customer', equals: true } },
];
const BAD: unknown[] = [
  { questions: 'x' },
  [{ ...PLAN, type: 'colour' }],
  [{ ...PLAN, slug: 'Plan!' }],
  [{ ...PLAN, label: '  ' }],
  [{ ...PLAN, options: [] }],
  [{ ...PLAN, options: ['A', 'A'] }],
  [{ ...PLAN, display: 'dropdown' }],
  [{ ...PLAN, extra: 1 }],
  [{ type: 'short_text', slug: 'a', label: 'A', required: 'yes' }],
  [{ type: 'number', slug: 'n', label: 'N', required: false, min: 5, max: 1 }],
  [{ type: 'short_text', slug: 'a', label: 'A', required: false, min: 1 }],
  [PLAN, { ...PLAN }],
  [{ type: 'short_text', slug: 'a', label: 'A', required: false, showIf: { question: 'plan', equals: 'Pro' } }, PLAN],
  [PLAN, { type: 'short_text', slug: 'a', label: 'A', required: false, showIf: { question: 'plan', equals: 'Gold' } }],
  [{ type: 'yes_no', slug: 'ok', label: 'OK', required: false }, { type: 'short_text', slug: 'a', label: 'A', required: false, showIf: { question: 'ok', equals: 'yes' } }],
  Array.from({ length: 31 }, (_, i) => ({ type: 'short_text', slug: `q${i}`, label: 'Q', required: false })),
];

const setQuestions = (id: number, questions: unknown) => sql('update public.event_types set questions = $1::jsonb where id = $2', [JSON.stringify(questions), id]);
const setFields = (id: number, fields: unknown) => sql('update public.event_types set guest_fields = $1::jsonb where id = $2', [JSON.stringify(fields), id]);
const asUser = (user: TestUser) => client(stack().anonKey, user.accessToken);

describe('an event type’s questions in the database', () => {
  it('start with none, phone, company and notes optional, and keep a valid definition', async () => {
    const host = await newHost();
    const [row] = await sql<{ questions: unknown; guest_fields: unknown }>('select questions, guest_fields from public.event_types where id = $1', [host.eventTypeId]);
    expect(row).toEqual({ questions: [], guest_fields: { phone: 'optional', company: 'optional', notes: 'optional' } });
    expect(questionsSchema.parse(GOOD)).toEqual(GOOD);
    await setQuestions(host.eventTypeId, GOOD);
    await setFields(host.eventTypeId, { phone: 'required', company: 'hidden', notes: 'optional' });
    const [after] = await sql<{ questions: unknown }>('select questions from public.event_types where id = $1', [host.eventTypeId]);
    expect(after.questions).toEqual(GOOD);
  });

  it('refuses what questionsSchema refuses, and the schema refuses it too', async () => {
    const host = await newHost();
    for (const questions of BAD) {
      expect(questionsSchema.safeParse(questions).success, JSON.stringify(questions)).toBe(false);
      await expect(setQuestions(host.eventTypeId, questions), JSON.stringify(questions)).rejects.toThrow(/event_types_questions_valid/);
    }
    for (const fields of [{ phone: 'sometimes', company: 'optional', notes: 'optional' }, { phone: 'optional', company: 'optional', notes: 'optional', name: 'hidden' }, []]) {
      expect(guestFieldsSchema.safeParse(fields).success, JSON.stringify(fields)).toBe(false);
      await expect(setFields(host.eventTypeId, fields), JSON.stringify(fields)).rejects.toThrow(/event_types_guest_fields_valid/);
    }
  });

  it('refuses a bad definition a host writes straight through REST', async () => {
    const host = await newHost();
    const db = asUser(host);
    const bad = await db.from('event_types').update({ questions: [PLAN, { ...PLAN }] }).eq('id', host.eventTypeId).select('id');
    expect(bad.error?.code).toBe('23514');
    const good = await db.from('event_types').update({ questions: GOOD }).eq('id', host.eventTypeId).select('questions').single();
    expect(good.error).toBeNull();
    expect(good.data!.questions).toEqual(GOOD);
  });
});

describe('a booking’s answers are read by its hosts only', () => {
  const answers = { plan: 'Pro', seats: 12 };
  const snapshot = [
    { slug: 'plan', label: 'Plan', type: 'single_choice', value: 'Pro' },
    { slug: 'seats', label: 'Seats', type: 'number', value: 12 },
  ];

  async function readAnswers(db: ReturnType<typeof anonClient>, bookingId: number) {
    return db.from('booking_answers').select('answers').eq('booking_id', bookingId);
  }

  it("a host's booking: the host reads them; anon and another user do not", async () => {
    const host = await newHost();
    await setQuestions(host.eventTypeId, GOOD.slice(0, 2));
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 10), 30, { answers }) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    expect((await readAnswers(asUser(host), booked.body.id)).data).toEqual([{ answers: snapshot }]);
    // As the host's booking cards ask for them: embedded one-to-one, an object.
    const card = await asUser(host).from('bookings').select('id, answers:booking_answers(answers)').eq('id', booked.body.id).single();
    expect(card.data).toEqual({ id: booked.body.id, answers: { answers: snapshot } });
    const anon = await readAnswers(anonClient(), booked.body.id);
    expect(anon.data ?? []).toEqual([]);
    expect(anon.error?.code).toBe('42501');
    expect((await readAnswers(asUser(await newUser()), booked.body.id)).data).toEqual([]);
  });

  it("a team's booking: its assignee reads them; the team's owner, admin and other members read the booking but not its answers", async () => {
    const team = await newTeam();
    const id = await newTeamEventType(team, { assignmentType: 'specific_member', specificMemberId: team.member.id });
    await setQuestions(id, GOOD.slice(0, 2));
    const booked = await call('/bookings', { body: { ...guestBody(0, at(2, 11), 30, { answers }), eventTypeId: undefined, teamEventTypeId: id } });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    expect((await readAnswers(asUser(team.member), booked.body.id)).data).toEqual([{ answers: snapshot }]);
    for (const other of [team.owner, team.admin]) {
      const db = asUser(other);
      expect((await db.from('bookings').select('id').eq('id', booked.body.id)).data).toEqual([{ id: booked.body.id }]);
      expect((await readAnswers(db, booked.body.id)).data).toEqual([]);
    }
    expect((await readAnswers(asUser(team.outsider), booked.body.id)).data).toEqual([]);
  });

  it('nobody writes them through REST, not even the host', async () => {
    const host = await newHost();
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 12)) });
    expect(booked.status).toBe(201);
    const write = await asUser(host).from('booking_answers').insert({ booking_id: booked.body.id, answers: snapshot });
    expect(write.error?.code).toBe('42501');
  });

  it('keep only a snapshot of {slug, label, type, value} entries, at most 30 (booking_answers_snapshot)', async () => {
    const host = await newHost();
    const booked = await call('/bookings', { body: guestBody(host.eventTypeId, at(2, 13)) });
    expect(booked.status).toBe(201);
    const write = (answers: unknown) => sql('insert into public.booking_answers (booking_id, answers) values ($1, $2::jsonb)', [booked.body.id, JSON.stringify(answers)]);
    const entry = snapshot[0]!;
    const { value: _value, ...noValue } = entry;
    for (const bad of [{ plan: 'Pro' }, ['Pro'], [noValue], [{ ...entry, extra: 1 }], [{ ...entry, label: 3 }], Array.from({ length: 31 }, () => entry)]) {
      await expect(write(bad), JSON.stringify(bad).slice(0, 80)).rejects.toThrow(/booking_answers_snapshot/);
    }
    await write(snapshot);
    expect(await sql('select answers from public.booking_answers where booking_id = $1', [booked.body.id])).toEqual([{ answers: snapshot }]);
  });
});

// `tsx scripts/schema-snapshot.ts [supabase folder]`: the catalog a migration chain leaves behind, one
// sorted line per fact (columns, constraints, indexes, functions with their grants and settings,
// triggers, policies, views, types, sequences, grants, comments, publications, RLS flags,
// extensions, rows of small tables), from a throwaway Postgres holding base schema + migrations.
// Two chains that should build the same database (a squash, a reordering) must print the same text:
// `diff <(tsx scripts/schema-snapshot.ts old/supabase) <(tsx scripts/schema-snapshot.ts)`.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { SUPABASE_DIR, roleUrl } from './local/config.ts';
import { migrate } from './local/migrate.ts';
import { startPostgres, tempDataDir, SUPERUSER } from './local/postgres.ts';
import { freePortRange } from './local/ports.ts';

// Every schema but Postgres's own; the migrations ledger differs by construction.
const SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;
const acl = (col: string) =>
  `(select string_agg(format('%s:%s:%s%s', coalesce(nullif(a.grantee, 0)::regrole::text, 'PUBLIC'), a.grantor::regrole, a.privilege_type, case when a.is_grantable then '*' else '' end), ',' order by 1)
     from aclexplode(${col}) a)`;

const QUERIES: Record<string, string> = {
  schema: `select n.nspname, n.nspowner::regrole::text, ${acl('n.nspacl')} from pg_namespace n where ${SCHEMAS}`,
  extension: `select e.extname, e.extversion, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace`,
  relation: `select n.nspname, c.relname, c.relkind, c.relowner::regrole::text, c.relrowsecurity, c.relforcerowsecurity,
       c.relreplident, c.relpersistence, c.reloptions::text, c.relispartition, pg_get_expr(c.relpartbound, c.oid), ${acl('c.relacl')}
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and c.relname !~ '^messages_\\d'`,
  column: `select n.nspname, c.relname, row_number() over (partition by c.oid order by a.attnum), a.attname,
       format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid), a.attidentity, a.attgenerated,
       a.attcollation::regcollation::text, ${acl('a.attacl')}
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where ${SCHEMAS} and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c') and a.attnum > 0 and not a.attisdropped and c.relname !~ '^messages_\\d'`,
  constraint: `select n.nspname, coalesce(c.relname, t.typname), k.conname, k.contype, pg_get_constraintdef(k.oid), k.condeferrable, k.condeferred, k.convalidated
     from pg_constraint k join pg_namespace n on n.oid = k.connamespace
     left join pg_class c on c.oid = k.conrelid left join pg_type t on t.oid = k.contypid
     where ${SCHEMAS} and coalesce(c.relname, '') !~ '^messages_\\d'`,
  index: `select n.nspname, c.relname, pg_get_indexdef(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
     join pg_namespace n on n.oid = c.relnamespace where ${SCHEMAS} and c.relname !~ '^messages_\\d'`,
  function: `select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid), p.prokind, p.proowner::regrole::text,
       p.prosecdef, p.proconfig::text, p.provolatile, p.proleakproof, p.proparallel, p.proisstrict, ${acl('p.proacl')},
       case when p.prokind in ('f', 'p') then pg_get_functiondef(p.oid) end
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${SCHEMAS}`,
  trigger: `select n.nspname, c.relname, t.tgname, t.tgenabled, pg_get_triggerdef(t.oid)
     from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where ${SCHEMAS} and not t.tgisinternal`,
  event_trigger: `select evtname, evtevent, evtowner::regrole::text, evtfoid::regproc::text, evtenabled, evttags::text from pg_event_trigger`,
  policy: `select schemaname, tablename, policyname, permissive, roles::text, cmd, qual, with_check from pg_policies`,
  view: `select n.nspname, c.relname, pg_get_viewdef(c.oid) from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${SCHEMAS} and c.relkind in ('v', 'm')`,
  rule: `select schemaname, tablename, rulename, definition from pg_rules where schemaname not in ('pg_catalog')`,
  type: `select n.nspname, t.typname, t.typtype, t.typowner::regrole::text, format_type(t.typbasetype, t.typtypmod), t.typnotnull,
       t.typdefault, (select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), ${acl('t.typacl')}
     from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where ${SCHEMAS} and t.typtype in ('e', 'd', 'c', 'r', 'm')
       and (t.typtype <> 'c' or (select relkind from pg_class where oid = t.typrelid) = 'c')`,
  sequence: `select schemaname, sequencename, sequenceowner, data_type::text, start_value, min_value, max_value, increment_by, cycle, cache_size from pg_sequences`,
  owned_sequence: `select s.oid::regclass::text, d.refobjid::regclass::text, d.refobjsubid, d.deptype from pg_depend d
     join pg_class s on s.oid = d.objid and d.classid = 'pg_class'::regclass and s.relkind = 'S'
     where d.refclassid = 'pg_class'::regclass`,
  default_acl: `select r.defaclrole::regrole::text, n.nspname, r.defaclobjtype, ${acl('r.defaclacl')} from pg_default_acl r left join pg_namespace n on n.oid = r.defaclnamespace`,
  comment: `select pg_describe_object(d.classoid, d.objoid, d.objsubid), d.description from pg_description d
     where d.classoid <> 'pg_proc'::regclass or d.objoid not in (select oid from pg_proc where pronamespace = 'pg_catalog'::regnamespace)
     union all select pg_describe_object(s.classoid, s.objoid, 0), s.description from pg_shdescription s`,
  publication: `select pubname, pubowner::regrole::text, puballtables, pubinsert, pubupdate, pubdelete, pubtruncate, pubviaroot from pg_publication`,
  publication_table: `select pubname, schemaname, tablename, attnames::text, rowfilter from pg_publication_tables`,
  role: `select rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolbypassrls, rolconfig::text from pg_roles where rolname !~ '^pg_'`,
  membership: `select roleid::regrole::text, member::regrole::text, admin_option, inherit_option, set_option from pg_auth_members`,
  database: `select datname, ${acl('datacl')} from pg_database where datname = 'postgres'`,
};

/** Rows of every table in the given schemas, hashed per table (data migrations put there: buckets, settings). */
async function tableData(c: pg.Client): Promise<string[]> {
  const { rows } = await c.query<{ t: string }>(
    `select format('%I.%I', n.nspname, c.relname) as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname in ('public', 'private', 'storage', 'auth', 'vault', 'cron', 'realtime')
       and c.relname !~ '^messages' and c.relname not in ('schema_migrations', 'migrations')`,
  );
  const out: string[] = [];
  for (const { t } of rows) {
    // Stamps of the moment a migration ran differ from run to run.
    const r = await c.query(
      `select count(*) as n, md5(coalesce(string_agg(j::text, '|' order by j::text), '')) as h
       from ${t} x, lateral (select to_jsonb(x) - 'created_at' - 'updated_at') as r(j)`,
    );
    out.push(`data\t${t}\t${r.rows[0].n}\t${r.rows[0].h}`);
  }
  return out;
}

const cell = (v: unknown): string => (v === null ? '∅' : String(v).replaceAll('\n', '\n    '));

export async function snapshot(dbUrl: string): Promise<string> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const lines: string[] = [];
    for (const [kind, sql] of Object.entries(QUERIES)) {
      const { rows } = await c.query({ text: sql, rowMode: 'array' });
      for (const row of rows as unknown[][]) lines.push([kind, ...row.map(cell)].join('\t'));
    }
    const cron = await c.query(`select to_regclass('cron.job') is not null as has`);
    if (cron.rows[0].has) {
      const { rows } = await c.query({ text: `select jobname, schedule, command, username, active from cron.job`, rowMode: 'array' });
      for (const row of rows as unknown[][]) lines.push(['cron', ...row.map(cell)].join('\t'));
    }
    lines.push(...(await tableData(c)));
    // One record a fact, sorted; a function's body keeps its lines (indented) so a diff reads well.
    return lines.sort().join('\n') + '\n';
  } finally {
    await c.end();
  }
}

async function main(): Promise<void> {
  const supabaseDir = process.argv[2] ? resolve(process.argv[2]) : SUPABASE_DIR;
  const dataDir = tempDataDir('kairos-snapshot-');
  const port = await freePortRange(1);
  const password = 'postgres';
  const db = await startPostgres({ dataDir, port, password });
  try {
    await migrate({ port, password }, { seed: false, buckets: [], supabaseDir });
    process.stdout.write(await snapshot(roleUrl(port, password, SUPERUSER)));
  } finally {
    await db.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();

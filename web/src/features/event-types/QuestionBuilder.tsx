// The guest's form as the host builds it in the event type dialog: the built-in fields (name and email
// always asked; phone, company and notes hidden, optional or required) and the host's own questions,
// added, edited, removed and reordered by drag and drop or by keyboard (@dnd-kit: space picks a
// question up, the arrows move it, space drops it, each step announced). The definition schema
// (questionsSchema, rules/questions.ts) judges the result when the form is saved; its messages show
// at the question they name, so a condition left pointing at a removed or later question says so.
import { useRef, useState } from 'react';
import { Badge, Box, Button, Fieldset, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type CollisionDetection, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Trash2 } from 'lucide-react';
import type { FieldError, Merge } from 'react-hook-form';
import { useIntl, type IntlShape } from 'react-intl';
import { useFieldWords } from '../../i18n/fieldWords.ts';
import type { RuleFieldError } from '../../lib/ruleResolver.ts';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FormField, TextAreaField, TextField } from '../../components/FormField.tsx';
import { SwitchField } from '../../components/SwitchField.tsx';
import { FIELD_MODES, QUESTION_TYPES, slugify, type FieldMode, type GuestFieldsConfig, type Question, type QuestionType } from '../../lib/shared.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useSay } from '../../i18n/useSay.ts';

// A type's name is the catalogue's questions.type.<type>, a mode's questions.mode.<mode>, a built-in
// field's questions.field.<field>.
const BUILT_IN: (keyof GuestFieldsConfig)[] = ['phone', 'company', 'notes'];
const typeName = (intl: IntlShape, type: QuestionType) => intl.formatMessage({ id: `questions.type.${type}` });

type Condition = NonNullable<Question['showIf']>;
// The form's errors of one question, as react-hook-form nests the schema's issues.
type QuestionErrors = Merge<FieldError, Record<string, unknown>> | undefined;

/** The first fault in a nested error (an option's, or the list's own), with its rule where the resolver kept one. */
function firstFault(error: unknown): RuleFieldError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return error as RuleFieldError;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'type' || key === 'rule') continue;
    const found = firstFault(value);
    if (found) return found;
  }
  return undefined;
}

const nameOf = (intl: IntlShape, question: Question) => question.label.trim() || intl.formatMessage({ id: 'questions.untitled' });

/** A key no other question has: `base`, or `base-2`, `base-3`… */
function freeKey(base: string, taken: readonly string[]): string {
  const root = (base || 'question').slice(0, 36).replace(/-+$/, '') || 'question';
  let key = root;
  for (let n = 2; taken.includes(key); n += 1) key = `${root}-${n}`;
  return key;
}

/** The question as another type: what both types share is kept (a choice keeps its options). */
function retyped(question: Question, type: QuestionType, firstOptions: string[]): Question {
  const { slug, label, help, required, showIf } = question;
  const common = { slug, label, required, ...(help !== undefined && { help }), ...(showIf && { showIf }) };
  const options = 'options' in question ? question.options : firstOptions;
  switch (type) {
    case 'single_choice':
      return { type, ...common, options, display: 'radio' };
    case 'multiple_choice':
      return { type, ...common, options };
    default:
      return { type, ...common };
  }
}

/** The first answer a condition on `target` can name: its first option, yes, zero or nothing typed. */
function firstAnswer(target: Question): Condition['equals'] {
  if ('options' in target) return target.options[0] ?? '';
  if (target.type === 'yes_no') return true;
  return target.type === 'number' ? 0 : '';
}

/** "Show only when <earlier question> equals <value>": only earlier questions are offered. */
function ConditionFields({ question, earlier, error, onChange }: { question: Question; earlier: Question[]; error?: string; onChange: (showIf: Condition | undefined) => void }) {
  const condition = question.showIf;
  const target = condition && earlier.find((q) => q.slug === condition.question);
  const pick = (slug: string) => {
    const chosen = earlier.find((q) => q.slug === slug);
    onChange(chosen ? { question: slug, equals: firstAnswer(chosen) } : undefined);
  };
  const equals = (value: Condition["equals"]) => condition && onChange({ ...condition, equals: value });
  const intl = useIntl();
  const answer = intl.formatMessage({ id: 'questions.answer' });
  return (
    <Stack gap="2">
      <FormField label={intl.formatMessage({ id: 'questions.showIf' })} error={error}>
        <ChoiceSelect
          value={condition?.question ?? ''}
          onChange={(event) => pick(event.currentTarget.value)}
          choices={earlier.map((q) => ({ value: q.slug, label: intl.formatMessage({ id: 'questions.onlyWhen' }, { question: nameOf(intl, q) }) }))}
        >
          <option value="">{intl.formatMessage({ id: 'questions.always' })}</option>
          {condition && !target ? <option value={condition.question}>{intl.formatMessage({ id: 'questions.notAbove' })}</option> : null}
        </ChoiceSelect>
      </FormField>
      {condition && target ? (
        'options' in target ? (
          <FormField label={answer}>
            <ChoiceSelect value={String(condition.equals)} onChange={(event) => equals(event.currentTarget.value)} choices={target.options.map((o) => ({ value: o, label: o }))} />
          </FormField>
        ) : target.type === 'yes_no' ? (
          <FormField label={answer}>
            <ChoiceSelect
              value={condition.equals ? 'yes' : 'no'}
              onChange={(event) => equals(event.currentTarget.value === 'yes')}
              choices={[
                { value: 'yes', label: intl.formatMessage({ id: 'common.yes' }) },
                { value: 'no', label: intl.formatMessage({ id: 'common.no' }) },
              ]}
            />
          </FormField>
        ) : (
          <TextField
            label={answer}
            type={target.type === 'number' ? 'number' : 'text'}
            value={String(condition.equals)}
            onChange={(event) => equals(target.type === 'number' ? Number(event.currentTarget.value) : event.currentTarget.value)}
          />
        )
      ) : null}
    </Stack>
  );
}

/** One question's settings: type, label, help, required, key, its type's own settings and its condition. */
function QuestionEditor({ question, earlier, errors, onChange }: { question: Question; earlier: Question[]; errors: QuestionErrors; onChange: (next: Question) => void }) {
  const intl = useIntl();
  const say = useSay();
  const words = useFieldWords();
  const fault = (key: string) => words(firstFault((errors as Record<string, unknown> | undefined)?.[key]));
  const set = (patch: Partial<Question>) => onChange({ ...question, ...patch } as Question);
  const bound = (text: string) => (text.trim() === '' ? undefined : Number(text));
  const firstOptions = [1, 2].map((n) => intl.formatMessage({ id: 'questions.option' }, { n }));
  return (
    <Stack gap="3" pt="2">
      <FormField label={say('questions.typeLabel')}>
        <ChoiceSelect
          value={question.type}
          onChange={(event) => onChange(retyped(question, event.currentTarget.value as QuestionType, firstOptions))}
          choices={QUESTION_TYPES.map((type) => ({ value: type, label: typeName(intl, type) }))}
        />
      </FormField>
      <TextField label={say('questions.question')} value={question.label} error={fault('label')} onChange={(event) => set({ label: event.currentTarget.value })} />
      <TextField
        label={intl.formatMessage({ id: 'common.optional' }, { label: say('questions.help') })}
        value={question.help ?? ''}
        error={fault('help')}
        onChange={(event) => set({ help: event.currentTarget.value || undefined })}
      />
      <SwitchField checked={question.required} onChange={(required) => set({ required })} label={say('questions.mode.required')} />
      {question.type === 'number' ? (
        <HStack align="start">
          <TextField label={say('questions.min')} type="number" value={question.min ?? ''} onChange={(event) => set({ min: bound(event.currentTarget.value) })} />
          <TextField label={say('questions.max')} type="number" value={question.max ?? ''} onChange={(event) => set({ max: bound(event.currentTarget.value) })} />
        </HStack>
      ) : null}
      {'options' in question ? (
        <TextAreaField
          label={say('questions.options')}
          helper={say('questions.optionsHelp')}
          rows={Math.min(8, question.options.length + 1)}
          error={fault('options')}
          value={question.options.join('\n')}
          onChange={(event) => set({ options: event.currentTarget.value.split('\n') })}
          // Lines left empty while typing go when the field is left.
          onBlur={() => set({ options: question.options.map((o) => o.trim()).filter(Boolean) })}
        />
      ) : null}
      {question.type === 'single_choice' ? (
        <FormField label={say('questions.shownAs')}>
          <ChoiceSelect
            value={question.display ?? 'radio'}
            onChange={(event) => set({ display: event.currentTarget.value as 'radio' | 'select' })}
            choices={[
              { value: 'radio', label: say('questions.radio') },
              { value: 'select', label: say('questions.select') },
            ]}
          />
        </FormField>
      ) : null}
      <TextField label={say('questions.key')} helper={say('questions.keyHelp')} value={question.slug} error={fault('slug')} onChange={(event) => set({ slug: event.currentTarget.value })} />
      <ConditionFields question={question} earlier={earlier} error={fault('showIf')} onChange={(showIf) => set({ showIf })} />
    </Stack>
  );
}

/** One question in the list: its handle for dragging (and for the keyboard), its summary, and when open its editor. */
function QuestionRow({
  id,
  question,
  open,
  error,
  onToggle,
  onRemove,
  children,
}: {
  id: string;
  question: Question;
  open: boolean;
  error?: string;
  onToggle: () => void;
  onRemove: () => void;
  children: React.ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const intl = useIntl();
  const name = nameOf(intl, question);
  return (
    <Box
      as="li"
      ref={setNodeRef}
      data-question-row={id}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      borderWidth="1px"
      borderColor={error ? 'border.error' : undefined}
      borderRadius="md"
      px="2"
      py="2"
      bg="bg"
      zIndex={isDragging ? 1 : undefined}
      position="relative"
    >
      <HStack gap="2" align="start">
        <IconButton ref={setActivatorNodeRef} size="sm" variant="ghost" aria-label={intl.formatMessage({ id: 'questions.move' }, { name })} cursor="grab" {...attributes} {...listeners}>
          <GripVertical />
        </IconButton>
        <Stack gap="0" flex="1" minW="0">
          <Text fontWeight="medium" truncate>
            {name}
          </Text>
          <HStack gap="1" wrap="wrap">
            <Text fontSize="sm" color="fg.muted">
              {typeName(intl, question.type)}
            </Text>
            <Badge size="sm" variant="subtle">
              {intl.formatMessage({ id: question.required ? 'questions.mode.required' : 'questions.mode.optional' })}
            </Badge>
            {question.showIf ? (
              <Badge size="sm" variant="subtle" colorPalette="purple">
                {intl.formatMessage({ id: 'questions.conditional' })}
              </Badge>
            ) : null}
          </HStack>
          {error && !open ? (
            <Text fontSize="sm" color="fg.error">
              {error}
            </Text>
          ) : null}
        </Stack>
        <Button
          size="sm"
          variant="outline"
          onClick={onToggle}
          aria-expanded={open}
          aria-label={intl.formatMessage({ id: open ? 'questions.doneEditing' : 'questions.edit' }, { name })}
        >
          {intl.formatMessage({ id: open ? 'questions.done' : 'eventTypes.edit' })}
        </Button>
        <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={intl.formatMessage({ id: 'questions.remove' }, { name })} onClick={onRemove}>
          <Trash2 />
        </IconButton>
      </HStack>
      {open ? children : null}
    </Box>
  );
}

/**
 * The row with an edge nearest the same edge of the moved row: the keyboard lines a row moved up with
 * its target's top, one moved down with its target's bottom. Not dnd-kit's closestCenter: an open
 * editor makes its row many times taller than the others, and its centre then stays nearest its own
 * place, so the arrow keys could not move it.
 */
const nearestEdge: CollisionDetection = ({ collisionRect, droppableRects, droppableContainers }) =>
  droppableContainers
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      if (!rect) return [];
      const value = Math.min(Math.abs(rect.top - collisionRect.top), Math.abs(rect.top + rect.height - (collisionRect.top + collisionRect.height)));
      return [{ id: container.id, data: { droppableContainer: container, value } }];
    })
    .sort((a, b) => a.data.value - b.data.value);

let rowCount = 0;
const newRowId = () => `question-row-${(rowCount += 1)}`;

/** The host's questions, in the guest's order. `saved` holds the keys the saved event type has: those keys never follow the label. */
export function QuestionList({ value, onChange, errors, saved }: { value: Question[]; onChange: (next: Question[]) => void; errors?: unknown; saved: readonly string[] }) {
  // Each row keeps one id while its key and label change and while it moves (the list's React keys and dnd-kit's items).
  const [kept, setIds] = useState<string[]>(() => value.map(newRowId));
  // A list the dialog replaced (it opened on another event type) gets fresh rows.
  const ids = kept.length === value.length ? kept : value.map(newRowId);
  if (ids !== kept) setIds(ids);
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const listErrors = (errors ?? undefined) as Record<number, QuestionErrors> & { message?: string; root?: { message?: string } };
  const intl = useIntl();
  const words = useFieldWords();

  // Read from the order as rendered: a drop is announced after the list has moved.
  const order = ids;
  const overId = useRef<string | number | null>(null);
  const nameAt = (id: string | number) => nameOf(intl, value[order.indexOf(String(id))] ?? ({ label: '' } as Question));
  // Each announcement names the question and, where it has one, its place: "position 2 of 3".
  const said = (id: MessageId, active: string | number, at?: string | number) =>
    intl.formatMessage({ id }, { name: nameAt(active), position: order.indexOf(String(at)) + 1, count: order.length });
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      overId.current = active.id;
      return said('questions.drag.start', active.id, active.id);
    },
    // Said only when the place changes: the first "over" (its own place) would drown out "Picked up".
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === overId.current) return undefined;
      overId.current = over?.id ?? null;
      return over ? said('questions.drag.over', active.id, over.id) : said('questions.drag.out', active.id);
    },
    onDragEnd: ({ active, over }) => (over ? said('questions.drag.dropped', active.id, over.id) : said('questions.drag.droppedOut', active.id)),
    onDragCancel: ({ active }) => said('questions.drag.cancelled', active.id),
  };

  const change = (index: number, next: Question) => {
    const before = value[index]!;
    let question = next;
    // A new question's key follows its label until the host types a key of their own.
    const others = value.filter((_, i) => i !== index).map((q) => q.slug);
    if (next.label !== before.label && !saved.includes(before.slug) && before.slug === freeKey(slugify(before.label), others)) {
      question = { ...next, slug: freeKey(slugify(next.label), others) };
    }
    // A renamed key is renamed in the conditions that name it.
    const renamed = question.slug !== before.slug;
    onChange(
      value.map((q, i) => {
        if (i === index) return question;
        return renamed && q.showIf?.question === before.slug ? { ...q, showIf: { ...q.showIf, question: question.slug } } : q;
      }),
    );
  };
  const add = () => {
    const id = newRowId();
    setIds([...ids, id]);
    setOpen((was) => new Set(was).add(id));
    onChange([...value, { type: 'short_text', slug: freeKey('question', value.map((q) => q.slug)), label: '', required: false }]);
  };
  const remove = (index: number) => {
    setIds(ids.filter((_, i) => i !== index));
    onChange(value.filter((_, i) => i !== index));
  };
  const toggle = (id: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const moved = ({ active, over }: DragEndEvent) => {
    const from = ids.indexOf(String(active.id));
    const to = over ? ids.indexOf(String(over.id)) : -1;
    if (from < 0 || to < 0 || from === to) return;
    setIds(arrayMove(ids, from, to));
    onChange(arrayMove(value, from, to));
  };

  const listFault = words(firstFault(listErrors?.root) ?? (listErrors?.message ? listErrors : undefined));
  return (
    <Stack gap="2">
      {value.length ? (
        <DndContext
          sensors={sensors}
          collisionDetection={nearestEdge}
          onDragEnd={moved}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: intl.formatMessage({ id: 'questions.drag.instructions' }) },
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <Stack as="ol" gap="2" listStyle="none" aria-label={intl.formatMessage({ id: 'questions.list' })}>
              {value.map((question, index) => {
                const id = ids[index]!;
                const errors = listErrors?.[index];
                return (
                  <QuestionRow key={id} id={id} question={question} open={open.has(id)} error={words(firstFault(errors))} onToggle={() => toggle(id)} onRemove={() => remove(index)}>
                    <QuestionEditor question={question} earlier={value.slice(0, index)} errors={errors} onChange={(next) => change(index, next)} />
                  </QuestionRow>
                );
              })}
            </Stack>
          </SortableContext>
        </DndContext>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {intl.formatMessage({ id: 'questions.none' })}
        </Text>
      )}
      {listFault ? (
        <Text fontSize="sm" color="fg.error">
          {listFault}
        </Text>
      ) : null}
      <Box>
        <Button size="sm" variant="outline" onClick={add}>
          {intl.formatMessage({ id: 'questions.add' })}
        </Button>
      </Box>
    </Stack>
  );
}

/** Name and email, always asked; phone, company and notes as the host sets them. */
export function GuestFieldsEditor({ value, onChange }: { value: GuestFieldsConfig; onChange: (next: GuestFieldsConfig) => void }) {
  const intl = useIntl();
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {intl.formatMessage({ id: 'questions.guestDetails' })}
      </Fieldset.Legend>
      <Stack gap="2" mt="2">
        {(['name', 'email'] as const).map((field) => (
          <HStack key={field} justify="space-between">
            <Text fontSize="sm">{intl.formatMessage({ id: `questions.field.${field}` })}</Text>
            <Text fontSize="sm" color="fg.muted">
              {intl.formatMessage({ id: 'questions.alwaysAsked' })}
            </Text>
          </HStack>
        ))}
        {BUILT_IN.map((field) => (
          <HStack key={field} justify="space-between">
            <Text fontSize="sm" id={`guest-field-${field}`}>
              {intl.formatMessage({ id: `questions.field.${field}` })}
            </Text>
            <ChoiceSelect
              aria-labelledby={`guest-field-${field}`}
              root={{ size: 'sm', width: '10rem' }}
              value={value[field]}
              onChange={(event) => onChange({ ...value, [field]: event.currentTarget.value as FieldMode })}
              choices={FIELD_MODES.map((mode) => ({ value: mode, label: intl.formatMessage({ id: `questions.mode.${mode}` }) }))}
            />
          </HStack>
        ))}
      </Stack>
    </Fieldset.Root>
  );
}
